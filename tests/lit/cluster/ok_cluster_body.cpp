// Cluster bodies that are proven: a per-block array declared inside the
// block_in_cluster loop (each block's own: no cluster barrier needed for it), and a
// double-buffered distributed array, one cluster barrier per iteration (iteration i + 2
// overwrites what iteration i's readers read, after iteration i + 1's barrier).
// RUN: %exo-cuda --check-only %s 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error --implicit-check-not=warning
// RUN: rm -rf %t.dir && mkdir %t.dir && %exo-cuda --out-dir %t.dir %s && FileCheck %s --check-prefix=CUDA < %t.dir/ok_cluster_body.cu
#include <exo/exo.hpp>

// CUDA: __cluster_dims__(2, 1, 1) own_arrays_kernel
// CUDA: const int exo_rank = (int)(blockIdx.x % 2);
// CUDA: long long exo_block = (long long)blockIdx.x / 2;
// CUDA: const int c = (int)exo_rank;
// CUDA: float (&mine)[16] = *reinterpret_cast<float (*)[16]>(exo_smem + 0);
// CUDA: exo_blocks *= 2;  // the blocks of each cluster
[[exo::kernel]]
void own_arrays(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  exo::extent(C, M * 2 * 16);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    const int first = b * 2;  // a cluster-level scalar: every block computes the same
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c) {
      [[exo::shared]] float mine[16];
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) mine[t] = float(c * 16 + t);
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[(first + c) * 16 + t] = mine[15 - t];
    }
  }
}

// CUDA: __cluster_dims__(2, 1, 1) double_buffered_kernel
// CUDA: // part[r] is in block r's shared memory: this block's part here.
// CUDA-NEXT: float (&part)[2][16] = *reinterpret_cast<float (*)[2][16]>(exo_smem + 0);
// CUDA: part[i % 2][t] = (float)(i + c + t);
// CUDA: exo::sm90::gpu::cluster_sync();
// CUDA: = exo::sm90::gpu::peer(part, 1 - c)[i % 2][t];
// CUDA: exo::sm90::gpu::cluster_sync();  // the cluster's blocks leave together
[[exo::kernel]]
void double_buffered(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  exo::extent(C, M * 4 * 32);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::shared]] float part[2][2][16];
    for (int i = 0; i < 4; ++i) {
      [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
        [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) part[c][i % 2][t] = float(i + c + t);
      [[exo::sync(cluster)]];
      [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
        [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[((b * 4 + i) * 2 + c) * 16 + t] = part[1 - c][i % 2][t];
    }
  }
}
