// GPU check of cluster_rownorm: the generated CUDA launcher (clusters of four blocks,
// distributed shared memory) against the sequential kernel run on the CPU, on the same
// random inputs, at several sizes; the output is poisoned before each run.
// EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/cluster_rownorm.cu"' gpu_main.cu
#include <exo/exo.hpp>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "cluster_rownorm.exo.cpp"  // the sequential specification: cpu::cluster_rownorm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/cluster_rownorm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::cluster_rownorm(..., cudaStream_t)

static bool run(cudaStream_t st, int R, int N) {
  gpu::Case c("cluster_rownorm", gpu::fmt("R=%d N=%d", R, N));
  const size_t n = size_t(R) * N;
  std::vector<float> x(n), ref(n, 0.f);
  sample::fill_random(x, 41);
  for (float& v : x) v = v / 2 + 1.f;  // [0.5, 1.5): row sums far from 0
  cpu::cluster_rownorm(R, N, x.data(), ref.data());

  float* dx = c.upload(x);
  float* dy = c.poisoned<float>(n);
  if (c.ok()) c.launched(::cluster_rownorm(R, N, dx, dy, st), st);
  // The same additions in the same order as the CPU: only the division may round apart.
  return c.finish(c.download(dy, n), ref, 1e-6);
}

static bool rejects(cudaStream_t st, int R, int N) {
  gpu::Case c("cluster_rownorm", gpu::fmt("R=%d N=%d", R, N));
  float* dx = c.poisoned<float>(4096);
  float* dy = c.poisoned<float>(4096);
  return c.expect_rejected(c.ok() ? ::cluster_rownorm(R, N, dx, dy, st) : cudaSuccess);
}

int main() {
  cudaStream_t st = gpu::make_stream("cluster_rownorm");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 2, 1024);        // one cluster, one element per thread
  ok &= run(st, 6, 3072);        // three clusters
  ok &= run(st, 98, 9216);       // 49 clusters
  if (!gpu::small_only()) {
    ok &= run(st, 4096, 4096);   // the largest R: 2048 clusters
    ok &= run(st, 16, 262144);   // the longest rows: 256 elements per thread
  }
  ok &= rejects(st, 3, 1024);    // R % 2 != 0
  ok &= rejects(st, 2, 1000);    // N % 1024 != 0
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
