// persistent_cluster2d_gemm: C = A * B^T as persistent_cluster_gemm computes it, by
// persistent clusters of 2 x 2 blocks that share both operands through TMA multicast
// (row-major A is M x K, B is N x K, C is M x N; bf16 or f16 inputs, or f32 ones
// multiplied as tf32; f32 accumulation and output).
//
// samples/persistent_cluster_gemm's block and tile loop in samples/cluster2d_gemm's
// clusters: the `persistent` grid loops walk 256 x 512 cluster tiles, and the two
// `block_in_cluster` loops split each into the four blocks' 128 x 256 tiles, (cm * 2 +
// c, cn * 2 + x) (spelled out where used: a declaration in the block body would keep
// the roles inside the tile loop, see persistent_gemm). The two blocks of a cluster row
// (the same c) need the same A tile at every K step, the two of a cluster column (the
// same x) the same B tile: each block copies half of each (tma_load_sw128_multicast),
// which exo-cuda delivers to the blocks that copy the same box (A's box depends on c
// only, B's on x only), and the consumers of every block release a slot in all four
// (mbarrier_arrive_cluster). The CUDA grid is as many whole clusters as the GPU runs at
// once (at most the tiles), each running tiles gridDim.x / 4 apart; the rings'
// positions continue from tile to tile. Sequentially the cluster loops are two more
// loops, the multicasts plain copies into this block's tiles, the rings nothing: the
// program is its own CPU reference. exo-cuda proves the rings alike in every block,
// one tile of one block with the other blocks' copies ordered by cluster-wide releases
// only, then two consecutive tiles on one block (checker/ProverPersistent).
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 256;  // block tile
template <class Element>
constexpr int BK = 128 / static_cast<int>(sizeof(Element));
constexpr int STAGES = 4;     // ring slots
constexpr int CONSUMERS = 2;  // consumer warpgroups of 64 x 256
constexpr int PRODUCER = 0;   // the producer's warpgroup
constexpr int SLICE = 32;     // columns of C per TMA store (64 x 32 floats: 8 KB)
constexpr int CM = 2, CN = 2;  // the cluster: CM rows of CN blocks

template <class Element>  // exo::bf16, exo::f16 or float (tf32): the instances at the end
[[exo::kernel]]
void persistent_cluster2d_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                               float* __restrict__ C) {
  exo::assume(M % (CM * BM) == 0 && N % (CN * BN) == 0 && K % (STAGES * BK<Element>) == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(persistent)]] for (int cm = 0; cm < M / (CM * BM); ++cm)
  [[exo::parallel(persistent)]] for (int cn = 0; cn < N / (CN * BN); ++cn)
  [[exo::parallel(block_in_cluster)]] for (int c = 0; c < CM; ++c)
  [[exo::parallel(block_in_cluster)]] for (int x = 0; x < CN; ++x) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];   // signalled by the copies (two blocks' shares of each tile)
    [[exo::shared]] exo::mbarrier empty[STAGES];  // signalled by the consumers of every block of the cluster
    [[exo::registers]] float acc[1 + CONSUMERS][64][BN];  // acc[0] (the producer's) is unused
    [[exo::shared(swizzle128)]] float Cs[CONSUMERS][2][64][SLICE];  // each consumer's two staging tiles

    for (int kt = 0; kt < K / BK<Element>; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            exo::sm90::mbarrier_wait(empty, kt - STAGES);  // slot kt % 4's previous use is released in every block
            exo::sm90::tma_load_sw128_multicast(As[kt % STAGES], A, K, (cm * CM + c) * BM, kt * BK<Element>, full, kt);
            exo::sm90::tma_load_sw128_multicast(Bs[kt % STAGES], B, K, (cn * CN + x) * BN, kt * BK<Element>, full, kt);
          }
        } else {
          exo::sm90::mbarrier_wait(full, kt);  // tile kt has landed in slot kt % 4
          // Step 0 overwrites the accumulator, later steps add to it.
          exo::sm90::wgmma_async_sw128<BN, BK<Element>>(acc[g], As[kt % STAGES], 64 * (g - 1), 0, Bs[kt % STAGES], 0, 0, kt > 0);
          exo::sm90::wgmma_wait<1>(acc[g]);                                // step kt - 1's multiply is complete
          if (kt > 0) exo::sm90::mbarrier_arrive_cluster(empty, kt - 1);  // so its slot is free in every block
        }
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
      if (g != PRODUCER) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::mbarrier_arrive_cluster(empty, K / BK<Element> - 1);  // the last slot: the next tile may refill it
        // The epilogue: slice q of the accumulator through staging tile q % 2, stored by TMA
        // while the warpgroup stages the next slice and, after the last, multiplies the
        // next tile.
        for (int q = 0; q < BN / SLICE; ++q) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) exo::sm90::bulk_wait_read<1>();  // TMA has read tile q % 2
          [[exo::sync(warpgroup)]];  // so the warpgroup may write it
          exo::sm90::wgmma_stage_swizzled(Cs[g - 1][q % 2], acc[g], SLICE * q);
          [[exo::sync(warpgroup)]];  // the slice is staged
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            exo::sm90::tma_store_swizzled(C, N, (cm * CM + c) * BM + 64 * (g - 1), (cn * CN + x) * BN + SLICE * q, Cs[g - 1][q % 2]);
            exo::sm90::bulk_commit();
          }
        }
      }
    }
  }
}

template void persistent_cluster2d_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void persistent_cluster2d_gemm<exo::f16>(int, int, int, const exo::f16*, const exo::f16*, float*);
template void persistent_cluster2d_gemm<float>(int, int, int, const float*, const float*, float*);
