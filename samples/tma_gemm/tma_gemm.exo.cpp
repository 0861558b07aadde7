// tma_gemm: C = A * B^T with TMA and an mbarrier ring feeding asynchronous wgmma
// (row-major A is M x K, B is N x K, C is M x N; bf16 or f16 inputs, f32 accumulation and
// output). Issue 9's first TMA sample, without warp specialization (samples/hopper_gemm
// has it): every thread waits, and a block barrier per step frees the slots.
// One block computes a 128 x 256 tile of C with two warpgroups (64 x 256 each, the
// accumulators in registers). K advances 64 at a time through a ring of four slots of
// 128-byte-swizzled tiles. One thread copies the A and B tiles of step kt + 3 with TMA,
// signalling position kt + 3 of the mbarrier ring `full`; at step kt every thread waits
// for position kt (the slot's bytes have landed) and the warpgroups multiply with
// wgmma_async_sw128, keeping one group in flight. The block barrier after their
// wgmma_wait<1> orders the multiply of step kt - 1 and every thread's wait for position
// kt - 1 before the copy of step kt + 3 overwrites their slot (three steps ahead, not two
// with the barrier before the multiply: 0.3-3 points faster, docs/perf-notes.md).
// The epilogue goes through TMA too (wgmma_store_tma): each warpgroup stages its
// accumulator in 64 x 64 slices of Cs and one of its threads stores each with a bulk
// tensor store (UTMASTG).
// exo-cuda derives each slot's arrival count (2: the A and B copies), the bytes each copy
// expects (its box) and the parity of each wait, and proves the protocol
// (checker/ProverAsync); change the ring's size, the copy-ahead distance, a wait's
// position or drop the barrier and it reports the position that breaks.
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 256;  // block tile
// K step: one 128-byte swizzled row (64 bf16 / f16, 32 floats multiplied as tf32).
template <class Element>
constexpr int BK = 128 / static_cast<int>(sizeof(Element));
constexpr int STAGES = 4;                   // ring slots
constexpr int AHEAD = 3;                    // tiles copied ahead of the one multiplied
constexpr int GROUPS = 2;                   // two warpgroups of 64 x 256

template <class Element>  // exo::bf16, exo::f16 or float (tf32): the instances at the end
[[exo::kernel]]
void tma_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                 float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % BK<Element> == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 65536 && (N <= 32768 || K <= 32768));  // M*N, M*K, N*K <= 2^31: int indices
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];
    [[exo::registers]] float acc[GROUPS][64][BN];
    [[exo::shared]] float Cs[GROUPS][64][64];  // each warpgroup stages its slices of C here

    // Positions 0 .. AHEAD - 1: the first tiles.
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
      [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
        // Step 0 overwrites the accumulator, later steps add to it.
        exo::sm90::wgmma_async_sw128<BN, BK<Element>>(acc[g], As[kt % STAGES], 64 * g, 0, Bs[kt % STAGES], 0, 0, kt > 0);
        exo::sm90::wgmma_wait<1>(acc[g]);  // step kt - 1's multiply is complete
      }
      [[exo::sync(block)]];  // both warpgroups are past step kt - 1: its slot, (kt + 3) % 4, is free
      if (kt + AHEAD < K / BK<Element>) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load_sw128(As[(kt + AHEAD) % STAGES], A, K, bm * BM, (kt + AHEAD) * BK<Element>, full, kt + AHEAD);
          exo::sm90::tma_load_sw128(Bs[(kt + AHEAD) % STAGES], B, K, bn * BN, (kt + AHEAD) * BK<Element>, full, kt + AHEAD);
        }
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
      exo::sm90::wgmma_wait<0>(acc[g]);
      exo::sm90::wgmma_store_tma(C, N, bm * BM + 64 * g, bn * BN, acc[g], Cs[g]);
    }
  }
}

// The kernels exo-cuda generates: one per element type (launchers `tma_gemm(...)`,
// overloads told apart by the pointers' types; CUDA kernels tma_gemm_kernel_bf16 / _f16 /
// _f32, the last multiplying f32 inputs as tf32).
template void tma_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void tma_gemm<exo::f16>(int, int, int, const exo::f16*, const exo::f16*, float*);
template void tma_gemm<float>(int, int, int, const float*, const float*, float*);
