// persistent_gemm: C = A * B^T, warp-specialized and persistent (row-major A is M x K, B
// is N x K, C is M x N; bf16 or f16 inputs, or f32 ones multiplied as tf32; f32
// accumulation and output).
//
// samples/hopper_gemm's block (a TMA producer warpgroup, two wgmma consumer warpgroups,
// 128 x 256 tiles of C, a ring of four 128-byte-swizzled slots guarded by the rings
// `full` and `empty`), with its two block loops marked `persistent`: the CUDA grid is one
// block per SM, and each block walks the tiles (grouped raster order) with the same
// shared memory and the same rings, whose positions continue from tile to tile. The
// producer therefore copies the next tile's first slices while the consumers still
// store this tile's accumulators: the epilogue overlaps the next mainloop.
// The epilogue goes through TMA, asynchronously: each consumer stages its accumulator in
// 64 x 32 slices, alternating between two swizzled shared tiles (wgmma_stage_swizzled), and one
// thread of the warpgroup stores each slice (tma_store_swizzled) and commits. Before a tile
// is written again that thread waits until TMA has read it (bulk_wait_read<1>: the other
// tile's store may still be reading) and the warpgroup meets; nothing waits for C's
// writes (the kernel's exit drains them), so the last slices' stores run under the next
// tile's first multiplications.
// Two things make the rings work from tile to tile, both plain in the sequential program:
//  - the producer waits for position kt - 4 of `empty` from the first step on. In a
//    tile's first four steps those are positions -4 .. -1, the phase before each slot's
//    first: at once on a fresh ring, and in a persistent kernel the previous tile's
//    last release of the slot;
//  - the consumers release the last slot too (position K / BK - 1, after their final
//    wgmma_wait), so that every tile completes positions 0 .. K / BK - 1 of both rings.
// Sequentially the tiles run one after another and the rings do nothing: the program is
// its own CPU reference. exo-cuda proves one tile as in hopper_gemm, then two
// consecutive tiles on one block with the second tile's positions after the first's
// (checker/ProverPersistent): drop the last release, or wait for kt - 5, and it reports
// the position that breaks. The positions a tile completes (K / BK) must be a multiple of
// the ring's 4 slots: hence K % (4 BK) == 0.
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 256;  // block tile
// K step: one 128-byte swizzled row (64 bf16 / f16, 32 floats multiplied as tf32).
template <class Element>
constexpr int BK = 128 / static_cast<int>(sizeof(Element));
constexpr int STAGES = 4;     // ring slots
constexpr int CONSUMERS = 2;  // consumer warpgroups of 64 x 256
constexpr int PRODUCER = 0;   // the producer's warpgroup
constexpr int SLICE = 32;     // columns of C per TMA store (64 x 32 floats: 8 KB)

template <class Element>  // exo::bf16, exo::f16 or float (tf32): the instances at the end
[[exo::kernel]]
void persistent_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                     float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % (STAGES * BK<Element>) == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(persistent)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(persistent)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];   // signalled by the copies
    [[exo::shared]] exo::mbarrier empty[STAGES];  // signalled by the consumers
    [[exo::registers]] float acc[1 + CONSUMERS][64][BN];  // acc[0] (the producer's) is unused
    [[exo::shared(swizzle128)]] float Cs[CONSUMERS][2][64][SLICE];  // each consumer's two staging tiles

    for (int kt = 0; kt < K / BK<Element>; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            exo::sm90::mbarrier_wait(empty, kt - STAGES);  // slot kt % 4's previous use is released
            exo::sm90::tma_load_sw128(As[kt % STAGES], A, K, bm * BM, kt * BK<Element>, full, kt);
            exo::sm90::tma_load_sw128(Bs[kt % STAGES], B, K, bn * BN, kt * BK<Element>, full, kt);
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
        exo::sm90::mbarrier_arrive(empty, K / BK<Element> - 1);  // the last slot: the next tile may refill it
        // The epilogue: slice q of the accumulator through staging tile q % 2, stored by TMA
        // while the warpgroup stages the next slice and, after the last, multiplies the
        // next tile.
        for (int q = 0; q < BN / SLICE; ++q) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) exo::sm90::bulk_wait_read<1>();  // TMA has read tile q % 2
          [[exo::sync(warpgroup)]];  // so the warpgroup may write it
          exo::sm90::wgmma_stage_swizzled(Cs[g - 1][q % 2], acc[g], SLICE * q);
          [[exo::sync(warpgroup)]];  // the slice is staged
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            exo::sm90::tma_store_swizzled(C, N, bm * BM + 64 * (g - 1), bn * BN + SLICE * q, Cs[g - 1][q % 2]);
            exo::sm90::bulk_commit();
          }
        }
      }
    }
  }
}

// One kernel per element type (launchers `persistent_gemm(...)`, overloads told apart by
// the pointers' types; CUDA kernels persistent_gemm_kernel_bf16 / _f16 / _f32).
template void persistent_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void persistent_gemm<exo::f16>(int, int, int, const exo::f16*, const exo::f16*, float*);
template void persistent_gemm<float>(int, int, int, const float*, const float*, float*);
