// Ping-pong consumers: each of the two consumer warpgroups of a warp-specialized GEMM
// owns half of the block's tile (64 x 256), and the producer fills the same four slots
// of shared memory with consumer 1's K steps, then consumer 2's. So one consumer's
// epilogue runs while the other multiplies. Each consumer has its own pair of rings
// (`full1`/`empty1`, `full2`/`empty2`): it waits for every phase of its own `full`, so
// no wait's parity can alias, and the producer waits for a slot's previous user in that
// user's `empty` (`kt < STAGES`: the other consumer's). What this needs of the prover:
//  - the wgmma and bulk queues are used by both consumers, each in its own role branch:
//    groups are counted per thread, through the branches its role takes (ProverAsync);
//  - consumer 2 reads a slot that consumer 1's copy (ring full1) wrote before the
//    producer refilled it: ordered through two ring edges, consumer 1's release to the
//    producer, whose copy of ring full2 consumer 2 waits for (R1, ringOrderedTwoHops);
//  - consumer 2's last release, after its K loop, is ordered after the producer's wait
//    for the slot's previous phase through consumer 2's last wait in that loop (R4b,
//    ringOrdered with a wait in a loop of its own).
// Proven, and emulated (tests/emulation). Mutants: pingpong_mutants.test.
// RUN: %exo-cuda --check-only %s
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
void pingpong_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                   float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % (STAGES * BK<Element>) == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][64][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK<Element>];
    // One pair of rings per consumer over the same four slots of shared memory: each
    // consumer waits for every phase of its own `full`, and releases through its own `empty`.
    [[exo::shared]] exo::mbarrier full1[STAGES], full2[STAGES];
    [[exo::shared]] exo::mbarrier empty1[STAGES], empty2[STAGES];
    [[exo::registers]] float acc[1 + CONSUMERS][64][BN];  // acc[0] (the producer's) is unused
    [[exo::shared(swizzle128)]] float Cs[CONSUMERS][2][64][SLICE];  // each consumer's two staging tiles

    // Consumer 1's half of the tile (rows 0..63): ring positions 0 .. S - 1.
    for (int kt = 0; kt < K / BK<Element>; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            // The slot's previous use: consumer 2's step kt - 4 of the previous tile, or consumer 1's.
            if (kt < STAGES) exo::sm90::mbarrier_wait(empty2, kt - STAGES);
            else exo::sm90::mbarrier_wait(empty1, kt - STAGES);
            exo::sm90::tma_load_sw128(As[kt % STAGES], A, K, bm * BM, kt * BK<Element>, full1, kt);
            exo::sm90::tma_load_sw128(Bs[kt % STAGES], B, K, bn * BN, kt * BK<Element>, full1, kt);
          }
        } else if (g == 1) {
          exo::sm90::mbarrier_wait(full1, kt);
          exo::sm90::wgmma_async_sw128<BN, BK<Element>>(acc[g], As[kt % STAGES], 0, 0, Bs[kt % STAGES], 0, 0, kt > 0);
          exo::sm90::wgmma_wait<1>(acc[g]);
          if (kt > 0) exo::sm90::mbarrier_arrive(empty1, kt - 1);
        }
      }
    }
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
      if (g == 1) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::mbarrier_arrive(empty1, K / BK<Element> - 1);
        for (int q = 0; q < BN / SLICE; ++q) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) exo::sm90::bulk_wait_read<1>();
          [[exo::sync(warpgroup)]];
          exo::sm90::wgmma_stage_swizzled(Cs[g - 1][q % 2], acc[g], SLICE * q);
          [[exo::sync(warpgroup)]];
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            exo::sm90::tma_store_swizzled(C, N, bm * BM + 64 * (g - 1), bn * BN + SLICE * q, Cs[g - 1][q % 2]);
            exo::sm90::bulk_commit();
          }
        }
      }
    }
    // Consumer 2's half (rows 64..127): positions S .. 2 S - 1.
    for (int kt = 0; kt < K / BK<Element>; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            // The slot's previous use: consumer 1's step S - 4 + kt of this tile, or consumer 2's.
            if (kt < STAGES) exo::sm90::mbarrier_wait(empty1, K / BK<Element> - STAGES + kt);
            else exo::sm90::mbarrier_wait(empty2, kt - STAGES);
            exo::sm90::tma_load_sw128(As[kt % STAGES], A, K, bm * BM + 64, kt * BK<Element>, full2, kt);
            exo::sm90::tma_load_sw128(Bs[kt % STAGES], B, K, bn * BN, kt * BK<Element>, full2, kt);
          }
        } else if (g == 2) {
          exo::sm90::mbarrier_wait(full2, kt);
          exo::sm90::wgmma_async_sw128<BN, BK<Element>>(acc[g], As[kt % STAGES], 0, 0, Bs[kt % STAGES], 0, 0, kt > 0);
          exo::sm90::wgmma_wait<1>(acc[g]);
          if (kt > 0) exo::sm90::mbarrier_arrive(empty2, kt - 1);
        }
      }
    }
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
      if (g == 2) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::mbarrier_arrive(empty2, K / BK<Element> - 1);
        for (int q = 0; q < BN / SLICE; ++q) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) exo::sm90::bulk_wait_read<1>();
          [[exo::sync(warpgroup)]];
          exo::sm90::wgmma_stage_swizzled(Cs[g - 1][q % 2], acc[g], SLICE * q);
          [[exo::sync(warpgroup)]];
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            exo::sm90::tma_store_swizzled(C, N, bm * BM + 64 * (g - 1), bn * BN + SLICE * q, Cs[g - 1][q % 2]);
            exo::sm90::bulk_commit();
          }
        }
      }
    }
  }
}

template void pingpong_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
