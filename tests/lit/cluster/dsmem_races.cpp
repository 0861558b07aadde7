// Cluster bodies: distributed shared memory and global memory between the blocks of one
// cluster are ordered by '[[exo::sync(cluster)]]' only; each race names the two blocks
// (the last number of a block is its rank) and proposes the cluster barrier where one
// fits. Accepted forms are checked clean by their own RUN line below.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/exo.hpp>

// Another block's part written inside one block_in_cluster loop: nothing orders the blocks.
// CHECK: dsmem_races.cpp:[[@LINE+8]]:62: error: data race on 'part': thread (0) of block (0, 1) writes part[0][0] that thread (0) of block (0, 0) also writes with no 'exo::sync(cluster)' between them
[[exo::kernel]]
void neighbour_write(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::shared]] float part[2][16];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c) {
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) part[c][t] = 1.f;
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) part[1 - c][t] = 2.f;
    }
    [[exo::sync(cluster)]];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[(b * 2 + c) * 16 + t] = part[c][t];
  }
}

// Global memory: two blocks of a cluster write one element inside one loop (the
// witness is block (0, 0) against block (0, 1)).
// CHECK: dsmem_races.cpp:[[@LINE+7]]:62: error: data race on 'C': thread (0) of block (0, 1) writes C[0] that thread (0) of block (0, 0) also writes
[[exo::kernel]]
void same_global(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  exo::extent(C, M * 16);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[b * 16 + t] = float(c);
    [[exo::sync(cluster)]];  // a cluster body: the blocks of one cluster may synchronize
  }
}

// Global memory between two cluster loops: a block barrier orders one block's threads,
// not the other block's.
// CHECK: dsmem_races.cpp:[[@LINE+12]]:88: error: data race on 'C': thread ({{[0-9]+}}) of block (0, {{[01]}}) writes C[{{[0-9]+}}] that thread ({{[0-9]+}}) of block (0, {{[01]}}) reads with no 'exo::sync(cluster)' between them
// CHECK: dsmem_races.cpp:[[@LINE+10]]:5: note: insert '{{\[\[}}exo::sync(cluster)]];' here to order them
[[exo::kernel]]
void block_barrier_between(int M, float* __restrict__ C, float* __restrict__ D) {
  exo::assume(M > 0 && M <= 1024);
  exo::extent(C, M * 32);
  exo::extent(D, M * 32);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[(b * 2 + c) * 16 + t] = 1.f;
    [[exo::sync(block)]];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) D[(b * 2 + c) * 16 + t] = C[(b * 2 + 1 - c) * 16 + t];
  }
}

// Write after read across iterations of a sequential loop at cluster level: the next
// iteration overwrites a part that another block may still read.
// CHECK: dsmem_races.cpp:[[@LINE+10]]:64: error: data race on 'part': thread (0) of block (0, {{[01]}}) writes part[{{[01]}}][0] that thread (0) of block (0, {{[01]}}) reads with no 'exo::sync(cluster)' between them
// CHECK: dsmem_races.cpp:[[@LINE+8]]:7: note: insert '{{\[\[}}exo::sync(cluster)]];' here to order them
[[exo::kernel]]
void war_across_iterations(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  exo::extent(C, M * 4 * 32);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::shared]] float part[2][16];
    for (int i = 0; i < 4; ++i) {
      [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
        [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) part[c][t] = float(i + c + t);
      [[exo::sync(cluster)]];
      [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
        [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[((b * 4 + i) * 2 + c) * 16 + t] = part[1 - c][t];
    }
  }
}

// A part index outside the cluster: the block of rank 2 does not exist.
// CHECK: dsmem_races.cpp:[[@LINE+10]]:93: error: index 'c + 1' (= 2) of 'part' out of bounds (extent 2) for thread (0) of block (0, 1)
[[exo::kernel]]
void outside_cluster(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::shared]] float part[2][16];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) part[c][t] = 1.f;
    [[exo::sync(cluster)]];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[(b * 2 + c) * 16 + t] = part[c + 1][t];
  }
}
// CHECK: 5 errors generated.
