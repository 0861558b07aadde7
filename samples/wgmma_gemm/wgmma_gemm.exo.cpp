// wgmma_gemm: C = A * B^T on Hopper's warpgroup tensor cores (row-major A is M x K, B is
// N x K, C is M x N; bf16 inputs, f32 accumulation and output).
//
// One block computes a 128 x 128 tile of C with two warpgroups, each a 64 x 128 tile
// whose accumulator (a wgmma_c fragment) lives in the warpgroup's registers. K advances
// 32 at a time through two shared buffers in wgmma's K-major core-matrix layout
// (tile[k / 8][row][k % 8]: 8 rows x 16 bytes per 128-byte core matrix): while the
// warpgroups multiply out of buffer kt % 2, every thread loads the next A and B tiles
// from global memory into its registers and, after the multiply, stores them into the
// other buffer; one block barrier per step orders both. The staging threads are a
// nest (rb, kl, r): thread (rb, kl, r) moves rows 16 rb + 8 rh + r (rh < 2), chunk
// column kl, so that eight consecutive threads store one core matrix (conflict-free)
// and each row is read as 64 contiguous bytes by four of them.
// Measured on the H200 (docs/gpu-validation.md): BK = 32 keeps the kernel at 119
// registers and 32 KB of shared memory, two blocks per SM; BK = 64 (150 registers, one
// block per SM) ran 25 % slower.
#include <exo/sm80.hpp>
#include <exo/sm90.hpp>

using Element = exo::bf16;  // exo::f16 works unchanged

constexpr int BM = 128, BN = 128, BK = 32;  // block tile
constexpr int KC = BK / 8;                  // 16-byte chunks of a tile row
constexpr int GROUPS = 2;                   // two warpgroups of 64 x 128

[[exo::kernel]]
void wgmma_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % BK == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared]] Element As[2][KC][BM][8];
    [[exo::shared]] Element Bs[2][KC][BN][8];
    [[exo::registers]] float acc[GROUPS][64][BN];
    // Thread (rb, kl, r) stages 2 chunks of the A tile and 2 of the B tile.
    [[exo::registers]] Element stage[8][4][8][4][8];

    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) exo::sm90::wgmma_fill(acc[g], 0.f);

    [[exo::parallel(thread)]] for (int rb = 0; rb < 8; ++rb)
    [[exo::parallel(thread)]] for (int kl = 0; kl < 4; ++kl)
    [[exo::parallel(thread)]] for (int r = 0; r < 8; ++r)
      for (int rh = 0; rh < 2; ++rh) {
        const int row = 16 * rb + 8 * rh + r;
        exo::sm80::copy16(As[0][kl], row, 0, A, (bm * BM + row) * K + kl * 8);
        exo::sm80::copy16(Bs[0][kl], row, 0, B, (bn * BN + row) * K + kl * 8);
      }
    [[exo::sync(block)]];

    for (int kt = 0; kt < K / BK; ++kt) {
      // Prefetch K tile kt + 1 into registers.
      if (kt + 1 < K / BK) {
        [[exo::parallel(thread)]] for (int rb = 0; rb < 8; ++rb)
        [[exo::parallel(thread)]] for (int kl = 0; kl < 4; ++kl)
        [[exo::parallel(thread)]] for (int r = 0; r < 8; ++r)
          for (int rh = 0; rh < 2; ++rh) {
            const int row = 16 * rb + 8 * rh + r;
            exo::sm80::load16(stage[rb][kl][r][rh], A, (bm * BM + row) * K + (kt + 1) * BK + kl * 8);
            exo::sm80::load16(stage[rb][kl][r][2 + rh], B, (bn * BN + row) * K + (kt + 1) * BK + kl * 8);
          }
      }
      // Multiply out of buffer kt % 2: warpgroup g takes rows 64 g .. 64 g + 63.
      [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g)
        exo::sm90::wgmma<BN, BK>(acc[g], As[kt % 2], 64 * g, 0, Bs[kt % 2], 0, 0);
      // The prefetched tile into the other buffer.
      if (kt + 1 < K / BK) {
        [[exo::parallel(thread)]] for (int rb = 0; rb < 8; ++rb)
        [[exo::parallel(thread)]] for (int kl = 0; kl < 4; ++kl)
        [[exo::parallel(thread)]] for (int r = 0; r < 8; ++r)
          for (int rh = 0; rh < 2; ++rh) {
            const int row = 16 * rb + 8 * rh + r;
            exo::sm80::store16(As[(kt + 1) % 2][kl], row, 0, stage[rb][kl][r][rh]);
            exo::sm80::store16(Bs[(kt + 1) % 2][kl], row, 0, stage[rb][kl][r][2 + rh]);
          }
      }
      [[exo::sync(block)]];
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g)
      exo::sm90::wgmma_store(C, N, bm * BM + 64 * g, bn * BN, acc[g]);
  }
}
