// The cluster loop's shape: the innermost block loop, counting 0 .. n-1 by 1 with n a
// constant from 2 to 8 (n blocks per cluster); a multicast box splits into whole
// 8-row groups per block.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm90.hpp>

// CHECK: err_cluster_loop.cpp:[[@LINE+3]]:3: error: a 'block_in_cluster' loop must be one of the innermost block loops (their iterations are one cluster's blocks)
[[exo::kernel]]
void outer(int M, float* __restrict__ C) {
  [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) C[(b * 2 + c) * 32 + t] = 1.f;
  }
}

// CHECK: err_cluster_loop.cpp:[[@LINE+4]]:3: error: a 'block_in_cluster' loop must have a constant trip count of 2 to 8 (the blocks of one cluster; 8 is the portable limit)
[[exo::kernel]]
void nine(int M, float* __restrict__ C) {
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b)
  [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 9; ++c) {
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) C[(b * 9 + c) * 32 + t] = 1.f;
  }
}

// CHECK: err_cluster_loop.cpp:[[@LINE+4]]:3: error: a 'block_in_cluster' loop must count from 0 by 1: its iteration is the block's rank in the cluster
[[exo::kernel]]
void from_one(int M, float* __restrict__ C) {
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b)
  [[exo::parallel(block_in_cluster)]] for (int c = 1; c < 3; ++c) {
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) C[(b * 2 + c - 1) * 32 + t] = 1.f;
  }
}

// CHECK: err_cluster_loop.cpp:[[@LINE+10]]:7: error: 'exo::sm90::tma_load_sw128_multicast' splits its box of 16 rows among the 4 blocks of the cluster that receive it, in whole groups of 8 rows (the swizzle's period); use a box whose rows are a multiple of 32
[[exo::kernel]]
void small_box(int M, const exo::bf16* __restrict__ A) {
  exo::assume(M > 0 && M <= 1024);
  exo::extent(A, 16, 64);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b)
  [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 4; ++c) {
    [[exo::shared(swizzle128)]] exo::bf16 T[16][64];
    [[exo::shared]] exo::mbarrier full[1];
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
      exo::sm90::tma_load_sw128_multicast(T, A, 64, 0, 0, full, 0);
    exo::sm90::mbarrier_wait(full, 0);
  }
}
// CHECK: 4 errors generated.
