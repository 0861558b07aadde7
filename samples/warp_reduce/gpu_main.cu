// GPU check of warp_reduce: the generated CUDA launcher against the sequential kernel
// (run on the CPU) on the same random inputs, at several sizes.
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/warp_reduce.cu"' gpu_main.cu
#include <exo/exo.hpp>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "warp_reduce.exo.cpp"  // the sequential specification: cpu::warp_reduce
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/warp_reduce.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED          // the launcher: ::warp_reduce(..., cudaStream_t)

static bool run(cudaStream_t st, int R) {
  gpu::Case c("warp_reduce", gpu::fmt("R=%d", R));
  std::vector<float> x(static_cast<size_t>(R) * 128), ref(R, 0.f);
  sample::fill_random(x, 51);
  cpu::warp_reduce(R, x.data(), ref.data());

  float* dx = c.upload(x);
  float* dout = c.poisoned<float>(R);
  if (c.ok()) c.launched(::warp_reduce(R, dx, dout, st), st);
  return c.finish(c.download(dout, R), ref, 1e-4);
}

static bool rejects(cudaStream_t st, int R) {
  gpu::Case c("warp_reduce", gpu::fmt("R=%d", R));
  float* dx = c.poisoned<float>(8 * 128);
  float* dout = c.poisoned<float>(8);
  return c.expect_rejected(c.ok() ? ::warp_reduce(R, dx, dout, st) : cudaSuccess);
}

int main() {
  cudaStream_t st = gpu::make_stream("warp_reduce");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 4);                // one block
  ok &= run(st, 4 * 33);           // a non-power-of-two grid
  ok &= run(st, 4 * 25001);
  ok &= run(st, 65536);
  ok &= rejects(st, 6);            // R % 4 != 0
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
