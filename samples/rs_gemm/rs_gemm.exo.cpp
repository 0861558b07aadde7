// rs_gemm: C = A * B^T with wgmma's A operand from registers (row-major A is M x K, B is
// N x K, C is M x N; bf16 or f16 inputs, or f32 ones multiplied as tf32; f32 accumulation
// and output). The reference for the register-A path of every element type: each warpgroup loads its
// 64 rows of the A tile from shared memory into a wgmma_a (wgmma_a_tf32) fragment,
// wgmma_load_a, and multiplies it with wgmma_async_rs. A kernel does this when it
// changes A on the way (a conversion, a scale) or produces it in registers
// (samples/b2b_gemm); here A is only loaded, which shows the layouts, not a speedup.
//
// One block computes a 128 x 128 tile of C with two warpgroups, K advancing one 128-byte
// row at a time through a ring of four TMA slots (samples/tma_gemm). The fragment is
// rewritten every step, so each step waits for its multiply (wgmma_wait<0>) before the
// next load: wait for one group less and exo-cuda reports the load that overwrites the
// registers the previous multiply may still read.
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 128;  // block tile
// K step: one 128-byte swizzled row (64 bf16 / f16, 32 floats multiplied as tf32).
template <class Element>
constexpr int BK = 128 / static_cast<int>(sizeof(Element));
constexpr int STAGES = 4;  // ring slots
constexpr int AHEAD = 2;   // tiles copied ahead of the one multiplied
constexpr int GROUPS = 2;  // two warpgroups of 64 x 128

template <class Element>  // exo::bf16, exo::f16 or float (tf32): the instances at the end
[[exo::kernel]]
void rs_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B, float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % BK<Element> == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];
    [[exo::registers]] Element a[GROUPS][64][BK<Element>];  // each warpgroup's A operand
    [[exo::registers]] float acc[GROUPS][64][BN];
    [[exo::shared]] float Cs[GROUPS][64][64];  // each warpgroup stages its slices of C here

    for (int p = 0; p < AHEAD; ++p) {
      if (p < K / BK<Element>) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load_sw128(As[p], A, K, bm * BM, p * BK<Element>, full, p);
          exo::sm90::tma_load_sw128(Bs[p], B, K, bn * BN, p * BK<Element>, full, p);
        }
      }
    }

    for (int kt = 0; kt < K / BK<Element>; ++kt) {
      exo::sm90::mbarrier_wait(full, kt);  // tile kt has landed in slot kt % 4
      [[exo::sync(block)]];                // everyone has waited; slot (kt + 2) % 4 is free
      if (kt + AHEAD < K / BK<Element>) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load_sw128(As[(kt + AHEAD) % STAGES], A, K, bm * BM, (kt + AHEAD) * BK<Element>, full, kt + AHEAD);
          exo::sm90::tma_load_sw128(Bs[(kt + AHEAD) % STAGES], B, K, bn * BN, (kt + AHEAD) * BK<Element>, full, kt + AHEAD);
        }
      }
      [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
        exo::sm90::wgmma_load_a(a[g], As[kt % STAGES], 64 * g, 0);  // rows 64 g .. of the A tile
        // Step 0 overwrites the accumulator, later steps add to it.
        exo::sm90::wgmma_async_rs<BN>(acc[g], a[g], Bs[kt % STAGES], 0, 0, kt > 0);
        exo::sm90::wgmma_wait<0>(acc[g]);  // the multiply has read a[g]
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g)
      exo::sm90::wgmma_store_tma(C, N, bm * BM + 64 * g, bn * BN, acc[g], Cs[g]);
  }
}

// One kernel per element type (launchers `rs_gemm(...)`, overloads told apart by the
// pointers' types; CUDA kernels rs_gemm_kernel_bf16 / _f16 / _f32, the last multiplying
// f32 inputs as tf32 with A in wgmma_a_tf32 fragments).
template void rs_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void rs_gemm<exo::f16>(int, int, int, const exo::f16*, const exo::f16*, float*);
template void rs_gemm<float>(int, int, int, const float*, const float*, float*);
