// Clusters of 4 x 2 blocks (y outer, x inner: the rank is 2 y + x). A's box depends on
// y only: it goes to the 2 blocks with this block's y (mask 0x3 << 2 y), each issuing
// share x of its 64 rows; B's box depends on x only: it goes to the 4 blocks with this
// block's x (ranks x, x + 2, x + 4, x + 6: mask 0x55 << x), each issuing share y of its
// 32 rows. The CPU emulation of the generated CUDA (tests/emulation) runs the masks,
// checking each against the cluster and its share count, and compares C bit for bit.
// RUN: %exo-cuda %s -o %t.cu
// RUN: FileCheck %s < %t.cu
#include <exo/sm90.hpp>

constexpr int BM = 64, BN = 32, BK = 64;

[[exo::kernel]]
void masks(int M, int N, int K, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B,
           float* __restrict__ C) {
  exo::assume(M % (4 * BM) == 0 && N % (2 * BN) == 0 && K % BK == 0 && K > 0);
  exo::assume(M <= 4096 && N <= 4096 && K <= 4096);
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int cm = 0; cm < M / (4 * BM); ++cm)
  [[exo::parallel(block)]] for (int cn = 0; cn < N / (2 * BN); ++cn)
  [[exo::parallel(block_in_cluster)]] for (int y = 0; y < 4; ++y)
  [[exo::parallel(block_in_cluster)]] for (int x = 0; x < 2; ++x) {
    [[exo::shared(swizzle128)]] exo::bf16 As[1][BM][BK];
    [[exo::shared(swizzle128)]] exo::bf16 Bs[1][BN][BK];
    [[exo::shared]] exo::mbarrier full[1];
    [[exo::shared]] exo::mbarrier empty[1];
    [[exo::registers]] float acc[1][64][BN];
    for (int kt = 0; kt < K / BK; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::mbarrier_wait(empty, kt - 1);  // every block has released the slot
          exo::sm90::tma_load_sw128_multicast(As[0], A, K, (cm * 4 + y) * BM, kt * BK, full, kt);
          exo::sm90::tma_load_sw128_multicast(Bs[0], B, K, (cn * 2 + x) * BN, kt * BK, full, kt);
        }
        exo::sm90::mbarrier_wait(full, kt);
        exo::sm90::wgmma_async_sw128<BN, BK>(acc[g], As[0], 0, 0, Bs[0], 0, 0, kt > 0);
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::mbarrier_arrive_cluster(empty, kt);  // in every block
      }
    }
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g)
      exo::sm90::wgmma_store(C, N, (cm * 4 + y) * BM, (cn * 2 + x) * BN, acc[g]);
  }
}
// CHECK: __cluster_dims__(8, 1, 1)
// CHECK: const int y = (int)(blockIdx.x / 2 % 4);  // the block's coordinate in its cluster
// CHECK-NEXT: const int x = (int)(blockIdx.x % 2);  // the block's coordinate in its cluster
// CHECK: mbarrier_init(&empty[exo_i], 1024);
// CHECK: // To the 2 blocks of the cluster with this block's 'y' (they copy the same box), this block issuing the share of its 'x'.
// CHECK: tma_load_sw128_multicast<__nv_bfloat16, 64, 64, 1>(As[0], &exo_tmap_A_32x64, {{.*}}, (std::uint16_t)(0x3u << (exo::sm90::gpu::cluster_coord(2, 4) * 2)), exo::sm90::gpu::cluster_coord(1, 2), 2);
// CHECK: // To the 4 blocks of the cluster with this block's 'x' (they copy the same box), this block issuing the share of its 'y'.
// CHECK: tma_load_sw128_multicast<__nv_bfloat16, 32, 64, 1>(Bs[0], &exo_tmap_B_8x64, {{.*}}, (std::uint16_t)(0x55u << (exo::sm90::gpu::cluster_coord(1, 2))), exo::sm90::gpu::cluster_coord(2, 4), 4);
