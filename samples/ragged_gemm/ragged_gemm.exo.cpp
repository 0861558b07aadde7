// ragged_gemm: samples/hopper_gemm for any M, N and K (K a multiple of 8): C = A * B^T,
// warp-specialized: a TMA producer and two wgmma consumers
// (row-major A is M x K, B is N x K, C is M x N; bf16, f16 or f32 (as tf32) inputs, f32 accumulation and
// output; any M, N and K with K a multiple of 8, the rows' 16-byte alignment TMA needs).
//
// One block computes a 128 x 256 tile of C with three warpgroups. K advances one
// 128-byte row (64 bf16 / f16 or 32 f32) at a time through a ring of four slots of
// 128-byte-swizzled A and B tiles, guarded by two rings of mbarriers: `full` (a slot's
// tiles have landed) and `empty` (the consumers are done with a slot). Each step kt has
// two roles, branches on the warpgroup index:
//  - warpgroup 0, the producer: one thread waits until the consumers have released the
//    slot's previous tiles (position kt - 4 of `empty`), then copies the A and B tiles
//    of step kt with TMA, signalling position kt of `full`;
//  - warpgroups 1 and 2, the consumers (64 x 256 of C each, the accumulators in
//    registers): wait for position kt of `full`, multiply asynchronously with wgmma
//    keeping one group in flight, and once step kt - 1's multiply is complete
//    (wgmma_wait<1>) release its slot: every consumer thread arrives at position
//    kt - 1 of `empty`.
// No block barrier runs in the loop: the producer runs up to four tiles ahead. Tiles
// that cross the edge of A, B or C: TMA fills the box outside the tensor with zeros
// (tma_load_sw128_fill: zero rows add nothing) and the store is clipped to C
// (wgmma_store_clip). The clipped store costs speed today: its per-lane predicates make
// ptxas serialize the wgmma (C7518); hopper_gemm, for tile multiples, has none.
// Sequentially (g++) the roles run one after the other in each step, and the rings
// do nothing: the program is its own CPU reference. exo-cuda derives the slots'
// arrival counts (2 copies for `full`, 256 arriving threads for `empty`), each copy's
// byte count and each wait's parity, and proves the protocol and the data flow
// (checker/ProverRings): release a slot one step early, wait for the wrong position,
// drop a wait or shrink the ring and it reports the position that breaks.
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 256;  // block tile
// K step: one 128-byte swizzled row (64 bf16 / f16, 32 floats multiplied as tf32).
template <class Element>
constexpr int BK = 128 / static_cast<int>(sizeof(Element));
constexpr int STAGES = 4;                   // ring slots
constexpr int CONSUMERS = 2;                // consumer warpgroups of 64 x 256
constexpr int PRODUCER = 0;                 // the producer's warpgroup

template <class Element>  // exo::bf16, exo::f16 or float (tf32): the instances at the end
[[exo::kernel]]
void ragged_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                 float* __restrict__ C) {
  exo::assume(M > 0 && N > 0 && K > 0 && K % 8 == 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < (M + BM - 1) / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < (N + BN - 1) / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];   // signalled by the copies
    [[exo::shared]] exo::mbarrier empty[STAGES];  // signalled by the consumers
    [[exo::registers]] float acc[1 + CONSUMERS][64][BN];  // acc[0] (the producer's) is unused

    for (int kt = 0; kt < (K + BK<Element> - 1) / BK<Element>; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            if (kt >= STAGES) exo::sm90::mbarrier_wait(empty, kt - STAGES);  // slot kt % 4 is free
            exo::sm90::tma_load_sw128_fill(As[kt % STAGES], A, M, K, bm * BM, kt * BK<Element>, full, kt);
            exo::sm90::tma_load_sw128_fill(Bs[kt % STAGES], B, N, K, bn * BN, kt * BK<Element>, full, kt);
          }
        } else {
          exo::sm90::mbarrier_wait(full, kt);  // tile kt has landed in slot kt % 4
          // Step 0 overwrites the accumulator, later steps add to it.
          exo::sm90::wgmma_async_sw128<BN, BK<Element>>(acc[g], As[kt % STAGES], 64 * (g - 1), 0, Bs[kt % STAGES], 0, 0, kt > 0);
          exo::sm90::wgmma_wait<1>(acc[g]);                        // step kt - 1's multiply is complete
          if (kt > 0) exo::sm90::mbarrier_arrive(empty, kt - 1);  // so its slot is free
        }
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
      if (g != PRODUCER) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::wgmma_store_clip(C, M, N, bm * BM + 64 * (g - 1), bn * BN, acc[g]);
      }
    }
  }
}

// The kernels exo-cuda generates: one per element type (launchers `ragged_gemm(...)`,
// overloads told apart by the pointers' types; CUDA kernels ragged_gemm_kernel_bf16 / _f16 /
// _f32, the last multiplying f32 inputs as tf32).
template void ragged_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void ragged_gemm<exo::f16>(int, int, int, const exo::f16*, const exo::f16*, float*);
template void ragged_gemm<float>(int, int, int, const float*, const float*, float*);
