// cluster_gemm: C = A * B^T as hopper_gemm computes it, by clusters of two blocks that
// share their B tiles through TMA multicast (row-major A is M x K, B is N x K, C is
// M x N; bf16 inputs, f32 accumulation and output).
//
// The two blocks of a cluster compute the 128 x 256 tiles (bm, bn) and (bm + 1, bn) of
// C: the same B tile at every K step. Each block copies its own A tile and half of the
// shared B tile (128 of its 256 rows), and TMA delivers that half to both blocks, so the
// cluster reads B from L2 once instead of twice: 32 KB per block and K step instead of
// 48 KB (hopper_gemm). The roles are hopper_gemm's:
//  - warpgroup 0, the producer: one thread waits until the consumers of both blocks
//    have released the slot's previous tiles (position kt - 4 of `empty`), then copies
//    the A tile and its share of the B tile, signalling position kt of `full`;
//  - warpgroups 1 and 2, the consumers: wait for position kt of `full` (the A tile and
//    both halves of the B tile have landed), multiply with wgmma, and once step kt - 1's
//    multiply is complete release its slot in both blocks (mbarrier_arrive_cluster):
//    the other block's producer refills this block's B tile too.
// Sequentially (g++) the multicast is a plain copy into this block's tile and the
// cluster loop one more block loop: the program is its own CPU reference. exo-cuda checks
// that the rings are used alike in both blocks (nothing about them depends on `c`) and
// proves the protocol for one block, ordering the other block's copies only by
// cluster-wide releases: release with mbarrier_arrive instead and it reports the race.
#include <exo/sm90.hpp>

using Element = exo::bf16;

constexpr int BM = 128, BN = 256, BK = 64;  // block tile; BK = one 128-byte swizzled row
constexpr int STAGES = 4;                   // ring slots
constexpr int CONSUMERS = 2;                // consumer warpgroups of 64 x 256
constexpr int PRODUCER = 0;                 // the producer's warpgroup
constexpr int CLUSTER = 2;                  // blocks per cluster, along M: they share B

[[exo::kernel]]
void cluster_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                  float* __restrict__ C) {
  exo::assume(M % (CLUSTER * BM) == 0 && N % BN == 0 && K % BK == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int cm = 0; cm < M / (CLUSTER * BM); ++cm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn)
  [[exo::parallel(block_in_cluster)]] for (int c = 0; c < CLUSTER; ++c) {
    const int bm = cm * CLUSTER + c;  // this block's row of tiles
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK];
    [[exo::shared]] exo::mbarrier full[STAGES];   // signalled by the copies (both blocks' B shares)
    [[exo::shared]] exo::mbarrier empty[STAGES];  // signalled by the consumers of both blocks
    [[exo::registers]] float acc[1 + CONSUMERS][64][BN];  // acc[0] (the producer's) is unused

    for (int kt = 0; kt < K / BK; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            if (kt >= STAGES) exo::sm90::mbarrier_wait(empty, kt - STAGES);  // slot kt % 4 is free in both blocks
            exo::sm90::tma_load_sw128(As[kt % STAGES], A, K, bm * BM, kt * BK, full, kt);
            exo::sm90::tma_load_sw128_multicast(Bs[kt % STAGES], B, K, bn * BN, kt * BK, full, kt);
          }
        } else {
          exo::sm90::mbarrier_wait(full, kt);  // tile kt has landed in slot kt % 4
          // Step 0 overwrites the accumulator, later steps add to it.
          exo::sm90::wgmma_async_sw128<BN, BK>(acc[g], As[kt % STAGES], 64 * (g - 1), 0, Bs[kt % STAGES], 0, 0, kt > 0);
          exo::sm90::wgmma_wait<1>(acc[g]);                                // step kt - 1's multiply is complete
          if (kt > 0) exo::sm90::mbarrier_arrive_cluster(empty, kt - 1);  // so its slot is free in both blocks
        }
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
      if (g != PRODUCER) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::wgmma_store(C, N, bm * BM + 64 * (g - 1), bn * BN, acc[g]);
      }
    }
  }
}
