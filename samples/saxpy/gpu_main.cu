// GPU check of saxpy: the generated CUDA launcher against the sequential kernel
// (run on the CPU) on the same random inputs, at several sizes.
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/saxpy.cu"' gpu_main.cu
#include <exo/exo.hpp>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "saxpy.exo.cpp"  // the sequential specification: cpu::saxpy
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/saxpy.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED    // the launcher: ::saxpy(..., cudaStream_t)

static bool run(cudaStream_t st, int n) {
  gpu::Case c("saxpy", gpu::fmt("n=%d", n));
  const float a = -0.625f;
  std::vector<float> x(n), y(n);
  sample::fill_random(x, 11);
  sample::fill_random(y, 12);
  std::vector<float> ref = y;
  cpu::saxpy(n, a, x.data(), ref.data());

  float* dx = c.upload(x);
  float* dy = c.upload(y);  // y is read as well as written: upload it, no poison
  if (c.ok()) c.launched(::saxpy(n, a, dx, dy, st), st);
  return c.finish(c.download(dy, n), ref, 1e-4);
}

static bool rejects(cudaStream_t st, int n) {
  gpu::Case c("saxpy", gpu::fmt("n=%d", n));
  float* dx = c.poisoned<float>(4096);
  float* dy = c.poisoned<float>(4096);
  return c.expect_rejected(c.ok() ? ::saxpy(n, 1.f, dx, dy, st) : cudaSuccess);
}

int main() {
  cudaStream_t st = gpu::make_stream("saxpy");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 256);              // one block
  ok &= run(st, 256 * 37);         // a non-power-of-two grid
  ok &= run(st, 256 * 4099);
  ok &= run(st, 1 << 22);          // 16384 blocks
  ok &= rejects(st, 1000);         // n % 256 != 0
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
