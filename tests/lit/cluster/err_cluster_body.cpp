// Cluster bodies: what may stand at cluster level, the distributed arrays' shape, where
// '[[exo::sync(cluster)]]' may stand, and what a cluster body does not support yet.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>
#include <exo/sm90.hpp>

// CHECK: err_cluster_body.cpp:[[@LINE+7]]:7: error: in a cluster body, 'last' is declared at cluster level, where every block keeps its own copy, so it cannot be assigned after its declaration; declare it inside the 'block_in_cluster' loop
[[exo::kernel]]
void assigned_scalar(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    int last = 0;
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c) {
      last = c;
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) C[(b * 2 + c) * 32 + t] = float(last);
    }
  }
}

// CHECK: err_cluster_body.cpp:[[@LINE+8]]:7: error: '{{\[\[}}exo::sync(cluster)]]' must stand at cluster level, outside the 'block_in_cluster' loops, every parallel loop and every 'if', where every thread of the cluster reaches it; end the 'block_in_cluster' loop before it
[[exo::kernel]]
void sync_inside(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::shared]] float part[2][16];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c) {
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) part[c][t] = 1.f;
      [[exo::sync(cluster)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[(b * 2 + c) * 16 + t] = part[1 - c][t];
    }
    [[exo::sync(cluster)]];
  }
}

// CHECK: err_cluster_body.cpp:[[@LINE+5]]:5: error: '{{\[\[}}exo::sync(cluster)]]' needs a cluster body: put it between two '{{\[\[}}exo::parallel(block_in_cluster)]]' loops inside the innermost block loop
[[exo::kernel]]
void no_cluster(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::sync(cluster)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[b * 16 + t] = 1.f;
  }
}

// CHECK: err_cluster_body.cpp:[[@LINE+5]]:5: error: in a cluster body, only declarations, sequential loops, 'block_in_cluster' loops and barriers may stand at cluster level; move this statement into a '{{\[\[}}exo::parallel(block_in_cluster)]]' loop
[[exo::kernel]]
void thread_loop_outside(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[b * 48 + t] = 1.f;
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[b * 48 + 16 + c * 16 + t] = 2.f;
  }
}

// CHECK: err_cluster_body.cpp:[[@LINE+5]]:5: error: in a cluster body, 'first' is declared at cluster level, where every block computes its own copy, so its initializer may read only parameters and cluster-level scalars, not memory
[[exo::kernel]]
void reads_memory(int M, const int* __restrict__ offsets, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    const int first = offsets[b];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[b * 32 + c * 16 + t] = float(first);
  }
}

// CHECK: err_cluster_body.cpp:[[@LINE+6]]:21: error: 'part' is declared at cluster level, so it is distributed over the cluster's 2 blocks ('part[r]' in the shared memory of the block of rank r): its first dimension must be 2; declare it 'part[2][...]'
// CHECK: err_cluster_body.cpp:[[@LINE+6]]:24: error: in a cluster body, the array 'acc' is declared at cluster level: only '{{\[\[}}exo::shared]]' arrays may be, distributed over the cluster's blocks; declare a block's own arrays inside the 'block_in_cluster' loop
[[exo::kernel]]
void bad_arrays(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::shared]] float part[4][16];
    [[exo::registers]] float acc[16];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) part[c][t] = 1.f;
    [[exo::sync(cluster)]];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[b * 32 + c * 16 + t] = part[1 - c][t];
  }
}

// CHECK: err_cluster_body.cpp:[[@LINE+8]]:5: error: a 'block_in_cluster' loop must have the trip count of the kernel's first 'block_in_cluster' loop (2): every one runs on the same cluster
[[exo::kernel]]
void different_sizes(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[b * 64 + c * 16 + t] = 1.f;
    [[exo::sync(cluster)]];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 4; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[b * 64 + c * 16 + t] = 2.f;
  }
}

// CHECK: err_cluster_body.cpp:[[@LINE+12]]:23: error: in a cluster body, an mbarrier ring in a cluster body is not supported yet (use a single 'block_in_cluster' loop as the innermost block loop)
// CHECK: err_cluster_body.cpp:[[@LINE+12]]:61: error: in a cluster body, 'exo::sm90::tma_load_sw128' is asynchronous or goes through TMA, which a cluster body does not support yet; use a single 'block_in_cluster' loop as the innermost block loop
// CHECK: err_cluster_body.cpp:[[@LINE+12]]:7: error: in a cluster body, 'exo::sm90::mbarrier_wait' is asynchronous
[[exo::kernel]]
void async_inside(int M, int K, const exo::bf16* __restrict__ A, float* __restrict__ C) {
  exo::assume(M % 128 == 0 && K % 64 == 0 && M > 0 && K > 0 && M <= 4096 && K <= 4096);
  exo::extent(A, M, K);
  exo::extent(C, M * 4);
  [[exo::parallel(block)]] for (int b = 0; b < M / 128; ++b) {
    const int row = b * 128;
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c) {
      [[exo::shared(swizzle128)]] exo::bf16 As[1][128][64];
      [[exo::shared]] exo::mbarrier full[1];
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) exo::sm90::tma_load_sw128(As[0], A, K, row, 0, full, 0);
      exo::sm90::mbarrier_wait(full, 0);
      [[exo::parallel(thread)]] for (int t = 0; t < 2; ++t) C[(b * 2 + c) * 2 + t] = 1.f;
    }
  }
}

// An instruction's CUDA form may reach only its block's own shared memory (ldmatrix, a
// wgmma descriptor): a distributed array is an operand only as 'As[c]'.
// CHECK: err_cluster_body.cpp:[[@LINE+9]]:61: error: in a cluster body, 'exo::sm80::copy16' takes the distributed array 'As' other than as this block's own part; an instruction reaches only its block's shared memory: pass 'As[r]' with r the 'block_in_cluster' loop's variable, or copy the other block's part with plain statements
[[exo::kernel]]
void whole_distributed_operand(int n, const exo::bf16* __restrict__ A, exo::bf16* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 2 * n, 16);
  exo::extent(C, 2 * n, 16);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[2][16];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 2; ++t) exo::sm80::copy16(As, c, t * 8, A, (b * 2 + c) * 16 + t * 8);
    [[exo::sync(cluster)]];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[(b * 2 + c) * 16 + t] = As[1 - c][t];
  }
}

// A block's own array inside a rank loop that a sequential loop repeats: a new array per
// iteration in C++ (reading last iteration's value is undefined), one buffer in CUDA.
// CHECK: err_cluster_body.cpp:[[@LINE+8]]:25: error: in a cluster body, the array 'acc' is declared inside a 'block_in_cluster' loop that a sequential loop repeats: a new array every iteration in C++, one buffer on the GPU; declare an '{{\[\[}}exo::shared]]' array at cluster level instead, outside the sequential loop, and index it with the block's rank
[[exo::kernel]]
void array_per_iteration(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  exo::extent(C, M * 4 * 2 * 16);
  [[exo::parallel(block)]] for (int b = 0; b < M; ++b) {
    for (int i = 0; i < 4; ++i) {
      [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c) {
        [[exo::shared]] float acc[16];
        [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) {
          if (i == 0) acc[t] = 0.0f;
          acc[t] += 1.0f;
          C[((b * 4 + i) * 2 + c) * 16 + t] = acc[t];
        }
      }
    }
  }
}

// Persistent clusters take the single-loop form only (samples/persistent_cluster_gemm).
// CHECK: err_cluster_body.cpp:[[@LINE+4]]:3: error: a 'persistent' loop cannot walk the clusters of a cluster body yet
[[exo::kernel]]
void persistent_body(int M, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  [[exo::parallel(persistent)]] for (int b = 0; b < M; ++b) {
    [[exo::shared]] float part[2][16];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) part[c][t] = 1.f;
    [[exo::sync(cluster)]];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) C[(b * 2 + c) * 16 + t] = part[1 - c][t];
  }
}
// CHECK: 16 errors generated.
