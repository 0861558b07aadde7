// cluster2d_gemm: C = A * B^T as cluster_gemm computes it, by clusters of 2 x 2 blocks
// that share both operands through TMA multicast (row-major A is M x K, B is N x K, C is
// M x N; bf16 inputs, f32 accumulation and output).
//
// The four blocks of a cluster compute the 128 x 256 tiles (bm, bn) of C with bm = 2 cm
// + y and bn = 2 cn + x: the blocks of one cluster row (the same y) need the same A tile
// at every K step, those of one cluster column (the same x) the same B tile. Each block
// copies half of its A tile (64 rows) and half of its B tile (128 rows), and TMA delivers
// each half to the two blocks that need it: exo-cuda reads from the boxes which blocks
// those are (A's box depends on y, not on x: the blocks with this block's y; B's on x:
// those with its x) and says so in the generated code. The cluster reads 24 KB of L2
// per block and K step instead of cluster_gemm's 32 (hopper_gemm: 48). The roles are
// cluster_gemm's:
//  - warpgroup 0, the producer: one thread waits until the consumers of every block of
//    the cluster have released the slot's previous tiles (position kt - 4 of `empty`),
//    then copies its shares of the A and B tiles, signalling position kt of `full` in
//    the blocks they reach;
//  - warpgroups 1 and 2, the consumers: wait for position kt of `full` (both halves of
//    both tiles have landed), multiply with wgmma, and once step kt - 1's multiply is
//    complete release its slot in every block (mbarrier_arrive_cluster): two other
//    blocks' producers refill this block's tiles.
// Sequentially (g++) each multicast is a plain copy into this block's tile and the two
// cluster loops two more block loops: the program is its own CPU reference.
#include <exo/sm90.hpp>

using Element = exo::bf16;

constexpr int BM = 128, BN = 256, BK = 64;  // block tile; BK = one 128-byte swizzled row
constexpr int STAGES = 4;                   // ring slots
constexpr int CONSUMERS = 2;                // consumer warpgroups of 64 x 256
constexpr int PRODUCER = 0;                 // the producer's warpgroup
constexpr int CM = 2, CN = 2;               // the cluster: CM rows of CN blocks

[[exo::kernel]]
void cluster2d_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                    float* __restrict__ C) {
  exo::assume(M % (CM * BM) == 0 && N % (CN * BN) == 0 && K % BK == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int cm = 0; cm < M / (CM * BM); ++cm)
  [[exo::parallel(block)]] for (int cn = 0; cn < N / (CN * BN); ++cn)
  [[exo::parallel(block_in_cluster)]] for (int y = 0; y < CM; ++y)
  [[exo::parallel(block_in_cluster)]] for (int x = 0; x < CN; ++x) {
    const int bm = cm * CM + y;  // this block's row of tiles: shared with the blocks of its cluster row
    const int bn = cn * CN + x;  // its column of tiles: shared with the blocks of its cluster column
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK];
    [[exo::shared]] exo::mbarrier full[STAGES];   // signalled by the copies (two blocks' shares of each tile)
    [[exo::shared]] exo::mbarrier empty[STAGES];  // signalled by the consumers of every block of the cluster
    [[exo::registers]] float acc[1 + CONSUMERS][64][BN];  // acc[0] (the producer's) is unused

    for (int kt = 0; kt < K / BK; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            if (kt >= STAGES) exo::sm90::mbarrier_wait(empty, kt - STAGES);  // slot kt % 4 is free in every block
            exo::sm90::tma_load_sw128_multicast(As[kt % STAGES], A, K, bm * BM, kt * BK, full, kt);
            exo::sm90::tma_load_sw128_multicast(Bs[kt % STAGES], B, K, bn * BN, kt * BK, full, kt);
          }
        } else {
          exo::sm90::mbarrier_wait(full, kt);  // tile kt has landed in slot kt % 4
          // Step 0 overwrites the accumulator, later steps add to it.
          exo::sm90::wgmma_async_sw128<BN, BK>(acc[g], As[kt % STAGES], 64 * (g - 1), 0, Bs[kt % STAGES], 0, 0, kt > 0);
          exo::sm90::wgmma_wait<1>(acc[g]);                                // step kt - 1's multiply is complete
          if (kt > 0) exo::sm90::mbarrier_arrive_cluster(empty, kt - 1);  // so its slot is free in every block
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
