// mma_gemm: C = A * B^T on the tensor cores (row-major A is M x K, B is N x K, C is
// M x N; bf16 inputs, f32 accumulation and output; f16 inputs by changing `Element`).
//
// One block computes a 128 x 128 tile of C with 8 warps (2 x 4), each warp a 64 x 32
// tile as 4 x 4 mma.sync m16n8k16 tiles whose accumulators live in the warp's
// registers ([[exo::registers]] fragments, owned by warp w). K advances 32 at a time
// through two shared buffers: while the warps multiply out of buffer kt % 2, every
// thread loads the next A and B tiles from global memory into its registers and, after
// the multiply, stores them into the other buffer; one block barrier per step orders
// both. Shared rows are padded by 8 elements (80 bytes), so ldmatrix's eight 16-byte
// row reads hit eight different bank groups.
#include <exo/sm80.hpp>

using Element = exo::bf16;  // exo::f16 works unchanged (mma.sync .f16)

constexpr int BM = 128, BN = 128, BK = 32;  // block tile
constexpr int LDS = BK + 8;                 // padded shared row (elements)
constexpr int WARPS = 8, THREADS = 256;     // 2 x 4 warps
constexpr int MT = 4, NT = 4;               // 16 x 8 mma tiles per warp: 64 x 32

[[exo::kernel]]
void mma_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
              float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % BK == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared]] Element As[2][BM][LDS];
    [[exo::shared]] Element Bs[2][BN][LDS];
    [[exo::registers]] float acc[WARPS][MT][NT][16][8];
    [[exo::registers]] Element af[WARPS][MT][16][16];
    [[exo::registers]] Element bf[WARPS][NT][8][16];
    // Thread t stages 16-byte chunks t and t + 256 of the A tile and of the B tile
    // (a 128 x 32 tile is 512 chunks: row chunk / 4, column (chunk % 4) * 8).
    [[exo::registers]] Element stage[THREADS][4][8];

    [[exo::parallel(warp)]] for (int w = 0; w < WARPS; ++w)
      for (int mt = 0; mt < MT; ++mt)
        for (int nt = 0; nt < NT; ++nt) exo::sm80::fill_m16n8(acc[w][mt][nt], 0.f);

    // The first K tile goes straight to buffer 0.
    [[exo::parallel(thread)]] for (int t = 0; t < THREADS; ++t)
      for (int c = 0; c < 2; ++c) {
        const int row = (t + THREADS * c) / 4, col = (t + THREADS * c) % 4 * 8;
        exo::sm80::copy16(As[0], row, col, A, (bm * BM + row) * K + col);
        exo::sm80::copy16(Bs[0], row, col, B, (bn * BN + row) * K + col);
      }
    [[exo::sync(block)]];

    for (int kt = 0; kt < K / BK; ++kt) {
      // Prefetch K tile kt + 1 into registers.
      if (kt + 1 < K / BK) {
        [[exo::parallel(thread)]] for (int t = 0; t < THREADS; ++t)
          for (int c = 0; c < 2; ++c) {
            const int row = (t + THREADS * c) / 4, col = (t + THREADS * c) % 4 * 8;
            exo::sm80::load16(stage[t][c], A, (bm * BM + row) * K + (kt + 1) * BK + col);
            exo::sm80::load16(stage[t][2 + c], B, (bn * BN + row) * K + (kt + 1) * BK + col);
          }
      }
      // Multiply out of buffer kt % 2.
      [[exo::parallel(warp)]] for (int w = 0; w < WARPS; ++w) {
        const int wm = w / 4 * 64, wn = w % 4 * 32;
        for (int kk = 0; kk < BK; kk += 16) {
          for (int mt = 0; mt < MT; ++mt) exo::sm80::ldmatrix_x4(af[w][mt], As[kt % 2], wm + mt * 16, kk);
          for (int nt = 0; nt < NT; ++nt) exo::sm80::ldmatrix_x2(bf[w][nt], Bs[kt % 2], wn + nt * 8, kk);
          for (int mt = 0; mt < MT; ++mt)
            for (int nt = 0; nt < NT; ++nt) exo::sm80::mma_m16n8k16(acc[w][mt][nt], af[w][mt], bf[w][nt]);
        }
      }
      // The prefetched tile into the other buffer.
      if (kt + 1 < K / BK) {
        [[exo::parallel(thread)]] for (int t = 0; t < THREADS; ++t)
          for (int c = 0; c < 2; ++c) {
            const int row = (t + THREADS * c) / 4, col = (t + THREADS * c) % 4 * 8;
            exo::sm80::store16(As[(kt + 1) % 2], row, col, stage[t][c]);
            exo::sm80::store16(Bs[(kt + 1) % 2], row, col, stage[t][2 + c]);
          }
      }
      [[exo::sync(block)]];
    }

    [[exo::parallel(warp)]] for (int w = 0; w < WARPS; ++w)
      for (int mt = 0; mt < MT; ++mt)
        for (int nt = 0; nt < NT; ++nt)
          exo::sm80::store_m16n8(C, N, bm * BM + w / 4 * 64 + mt * 16, bn * BN + w % 4 * 32 + nt * 8, acc[w][mt][nt]);
  }
}
