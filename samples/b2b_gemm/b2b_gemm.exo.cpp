// b2b_gemm: two GEMMs back to back, the intermediate kept in registers: E = P * D^T with
// P = bf16(A * B^T) (row-major A is M x K, B is H x K with the hidden width H = 128, D is
// N x H, E is M x N; bf16 or f16 inputs, f32 accumulation, P rounded to the input type,
// f32 output). The pattern of attention's second GEMM (softmax(Q K^T) V: P never touches
// shared memory) and of fused MLPs.
//
// One block computes a 128 x 128 tile of E with two warpgroups of 64 rows. Each first
// computes its 64 x 128 of P = A * B^T, K advancing one 128-byte row at a time through
// a ring of four TMA slots (as samples/tma_gemm). Then P goes from the accumulator to an
// A operand in registers (wgmma_a_from_c: each element stays in its thread, rounded to
// bf16 / f16), and wgmma_async_rs multiplies it by the block's 128 x 128 tile of D, which
// TMA copied at the start (two 64-column halves: H is the second GEMM's K). Every block
// along N recomputes its rows' P: H is short and the tile of P fits in the registers.
// Sequentially the program is its own CPU reference, P's rounding included. exo-cuda
// proves the ring, the asynchronous multiplies and their register operands: convert a
// half of P while the multiply that reads the other still runs into the same fragment,
// and it reports the write.
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 128;  // block tile of E
constexpr int H = 128;             // hidden width: B's rows, D's columns
constexpr int HK = 64;             // one 128-byte row of 16-bit elements: a k step of either GEMM
constexpr int STAGES = 4;          // ring slots of the first GEMM
constexpr int AHEAD = 2;           // tiles copied ahead of the one multiplied
constexpr int GROUPS = 2;          // two warpgroups of 64 rows

template <class Element>  // exo::bf16 or exo::f16: the instances at the end
[[exo::kernel]]
void b2b_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
              const Element* __restrict__ D, float* __restrict__ E) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % HK == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, H, K);
  exo::extent(D, N, H);
  exo::extent(E, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][HK];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][H][HK];
    [[exo::shared(swizzle128)]] Element Ds[H / HK][BN][HK];  // D's tile, in halves of the hidden width
    [[exo::shared]] exo::mbarrier full[STAGES];
    [[exo::shared]] exo::mbarrier dready[1];
    [[exo::registers]] float p[GROUPS][64][H];          // P = A * B^T, f32
    [[exo::registers]] Element pa[GROUPS][H / HK][64][HK];  // P rounded: the second GEMM's A operand
    [[exo::registers]] float out[GROUPS][64][BN];       // E's tile
    [[exo::shared]] float Es[GROUPS][64][64];           // each warpgroup stages its slices of E here

    // D's tile, and positions 0 .. AHEAD - 1 of the first GEMM.
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
      exo::sm90::tma_load_sw128(Ds[0], D, H, bn * BN, 0, dready, 0);   // hidden columns 0 .. 63
      exo::sm90::tma_load_sw128(Ds[1], D, H, bn * BN, HK, dready, 0);  // 64 .. 127
    }
    for (int q = 0; q < AHEAD; ++q) {
      if (q < K / HK) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load_sw128(As[q], A, K, bm * BM, q * HK, full, q);
          exo::sm90::tma_load_sw128(Bs[q], B, K, 0, q * HK, full, q);
        }
      }
    }

    for (int kt = 0; kt < K / HK; ++kt) {
      exo::sm90::mbarrier_wait(full, kt);  // tile kt has landed in slot kt % 4
      [[exo::sync(block)]];                // everyone has waited; slot (kt + 2) % 4 is free
      if (kt + AHEAD < K / HK) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load_sw128(As[(kt + AHEAD) % STAGES], A, K, bm * BM, (kt + AHEAD) * HK, full, kt + AHEAD);
          exo::sm90::tma_load_sw128(Bs[(kt + AHEAD) % STAGES], B, K, 0, (kt + AHEAD) * HK, full, kt + AHEAD);
        }
      }
      [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
        exo::sm90::wgmma_async_sw128<H, HK>(p[g], As[kt % STAGES], 64 * g, 0, Bs[kt % STAGES], 0, 0, kt > 0);
        exo::sm90::wgmma_wait<1>(p[g]);  // step kt - 1's multiply is complete
      }
    }

    exo::sm90::mbarrier_wait(dready, 0);  // D's tile has landed
    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
      exo::sm90::wgmma_wait<0>(p[g]);
      // E's tile = P * D^T over the hidden width, P from registers, a half at a time.
      for (int h = 0; h < H / HK; ++h) {
        exo::sm90::wgmma_a_from_c(pa[g][h], p[g], h * HK);
        exo::sm90::wgmma_async_rs<BN>(out[g], pa[g][h], Ds[h], 0, 0, h > 0);
      }
      exo::sm90::wgmma_wait<0>(out[g]);
      exo::sm90::wgmma_store_tma(E, N, bm * BM + 64 * g, bn * BN, out[g], Es[g]);
    }
  }
}

// One kernel per element type (launchers `b2b_gemm(...)`, overloads told apart by the
// pointers' types; CUDA kernels b2b_gemm_kernel_bf16 / _f16).
template void b2b_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, const exo::bf16*, float*);
template void b2b_gemm<exo::f16>(int, int, int, const exo::f16*, const exo::f16*, const exo::f16*, float*);
