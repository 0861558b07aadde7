// GPU check of warpgroup_mirror: the generated CUDA launcher (dynamic shared memory,
// warpgroup named barriers) against the sequential kernel run on the CPU, on the same
// random inputs, at several sizes.
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/warpgroup_mirror.cu"' gpu_main.cu
#include <exo/exo.hpp>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "warpgroup_mirror.exo.cpp"  // the sequential specification: cpu::warpgroup_mirror
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/warpgroup_mirror.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::warpgroup_mirror(..., cudaStream_t)

static bool run(cudaStream_t st, int tiles) {
  const int n = tiles * cpu::kTile;
  gpu::Case c("warpgroup_mirror", gpu::fmt("n=%d (%d blocks)", n, tiles));
  std::vector<float> x(n), ref(n, 0.f);
  sample::fill_random(x, 71);
  cpu::warpgroup_mirror(n, x.data(), ref.data());

  float* dx = c.upload(x);
  float* dy = c.poisoned<float>(n);
  if (c.ok()) c.launched(::warpgroup_mirror(n, dx, dy, st), st);
  return c.finish(c.download(dy, n), ref, 1e-6);
}

static bool rejects(cudaStream_t st, int n) {
  gpu::Case c("warpgroup_mirror", gpu::fmt("n=%d", n));
  float* dx = c.poisoned<float>(4096);
  float* dy = c.poisoned<float>(4096);
  return c.expect_rejected(c.ok() ? ::warpgroup_mirror(n, dx, dy, st) : cudaSuccess);
}

int main() {
  cudaStream_t st = gpu::make_stream("warpgroup_mirror");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 1);     // one block
  ok &= run(st, 37);    // a non-power-of-two grid
  ok &= run(st, 700);   // 700 blocks of 96 KiB: several waves over 132 SMs
  ok &= rejects(st, 1000);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
