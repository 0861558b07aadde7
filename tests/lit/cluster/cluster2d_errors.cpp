// 2-D clusters (two block_in_cluster grid loops): the trip counts multiply to at most 8;
// a multicast reaches the blocks that copy the same box, so its box may not depend on
// every cluster loop, and it splits into whole 8-row groups among the blocks it reaches;
// the ring statements may depend on neither coordinate.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <exo/sm90.hpp>

// CHECK: cluster2d_errors.cpp:[[@LINE+5]]:3: error: a 'block_in_cluster' loop makes clusters of 16 blocks: the block_in_cluster loops' trip counts multiply to at most 8 (the portable limit)
[[exo::kernel]]
void sixteen(int M, float* __restrict__ C) {
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b)
  [[exo::parallel(block_in_cluster)]] for (int y = 0; y < 4; ++y)
  [[exo::parallel(block_in_cluster)]] for (int x = 0; x < 4; ++x) {
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) C[((b * 4 + y) * 4 + x) * 32 + t] = 1.f;
  }
}

// A box that depends on both coordinates goes to no other block.
// CHECK: cluster2d_errors.cpp:[[@LINE+12]]:9: error: 'exo::sm90::tma_load_sw128_multicast' copies a box that depends on every 'block_in_cluster' loop (its operand '((b * 2 + y) * 2 + x) * 64' on 'y' and 'x'), so no other block of the cluster receives the same box: use the copy without multicast, or a box, tile and source that one of these loops does not change
[[exo::kernel]]
void every_block_its_box(int M, const exo::bf16* __restrict__ A) {
  exo::assume(M > 0 && M <= 64);
  exo::extent(A, M * 4 * 64, 64);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b)
  [[exo::parallel(block_in_cluster)]] for (int y = 0; y < 2; ++y)
  [[exo::parallel(block_in_cluster)]] for (int x = 0; x < 2; ++x) {
    [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
    [[exo::shared]] exo::mbarrier full[1];
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
        exo::sm90::tma_load_sw128_multicast(As, A, 64, ((b * 2 + y) * 2 + x) * 64, 0, full, 0);
      exo::sm90::mbarrier_wait(full, 0);
    }
  }
}

// A's box is the same for the four blocks of a cluster row: 16 rows do not split in
// four groups of 8.
// CHECK: cluster2d_errors.cpp:[[@LINE+12]]:9: error: 'exo::sm90::tma_load_sw128_multicast' splits its box of 16 rows among the 4 blocks of the cluster that receive it, in whole groups of 8 rows (the swizzle's period); use a box whose rows are a multiple of 32
[[exo::kernel]]
void small_share(int M, const exo::bf16* __restrict__ A) {
  exo::assume(M > 0 && M <= 64);
  exo::extent(A, M * 2 * 16, 64);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b)
  [[exo::parallel(block_in_cluster)]] for (int y = 0; y < 2; ++y)
  [[exo::parallel(block_in_cluster)]] for (int x = 0; x < 4; ++x) {
    [[exo::shared(swizzle128)]] exo::bf16 As[16][64];
    [[exo::shared]] exo::mbarrier full[1];
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
        exo::sm90::tma_load_sw128_multicast(As, A, 64, (b * 2 + y) * 16, 0, full, 0);
      exo::sm90::mbarrier_wait(full, 0);
    }
  }
}

// The wait's position depends on x: the blocks of a cluster would use the ring apart.
// CHECK: cluster2d_errors.cpp:[[@LINE+13]]:7: error: cannot prove that every block of the cluster runs this 'exo::sm90::mbarrier_wait' on ring 'full' alike: its operand 'x' depends on 'x', one of the block's coordinates in the cluster; a ring that a cluster-wide statement signals must be used at the same positions in every block
[[exo::kernel]]
void wait_by_column(int M, const exo::bf16* __restrict__ A) {
  exo::assume(M > 0 && M <= 64);
  exo::extent(A, M * 2 * 16, 64);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b)
  [[exo::parallel(block_in_cluster)]] for (int y = 0; y < 2; ++y)
  [[exo::parallel(block_in_cluster)]] for (int x = 0; x < 2; ++x) {
    [[exo::shared(swizzle128)]] exo::bf16 As[16][64];
    [[exo::shared]] exo::mbarrier full[2];
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
        exo::sm90::tma_load_sw128_multicast(As, A, 64, (b * 2 + y) * 16, 0, full, 0);
      exo::sm90::mbarrier_wait(full, x);
    }
  }
}

// The box depends on y, the tile it lands in on x: no two blocks copy the same.
// CHECK: cluster2d_errors.cpp:[[@LINE+12]]:9: error: 'exo::sm90::tma_load_sw128_multicast' copies a box that depends on every 'block_in_cluster' loop (its operand '(b * 2 + y) * 16' on 'y', 'As[x]' on 'x'), so no other block of the cluster receives the same box: use the copy without multicast, or a box, tile and source that one of these loops does not change
[[exo::kernel]]
void tile_by_column(int M, const exo::bf16* __restrict__ A) {
  exo::assume(M > 0 && M <= 64);
  exo::extent(A, M * 2 * 16, 64);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b)
  [[exo::parallel(block_in_cluster)]] for (int y = 0; y < 2; ++y)
  [[exo::parallel(block_in_cluster)]] for (int x = 0; x < 2; ++x) {
    [[exo::shared(swizzle128)]] exo::bf16 As[2][16][64];
    [[exo::shared]] exo::mbarrier full[1];
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
        exo::sm90::tma_load_sw128_multicast(As[x], A, 64, (b * 2 + y) * 16, 0, full, 0);
      exo::sm90::mbarrier_wait(full, 0);
    }
  }
}
