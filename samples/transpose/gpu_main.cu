// GPU check of transpose: the generated CUDA launcher against the sequential kernel
// (run on the CPU) on the same random inputs, at several sizes; a copy, so the
// result must match bit for bit.
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/transpose.cu"' gpu_main.cu
#include <exo/exo.hpp>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "transpose.exo.cpp"  // the sequential specification: cpu::transpose
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/transpose.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED        // the launcher: ::transpose(..., cudaStream_t)

static bool run(cudaStream_t st, int rows, int cols) {
  gpu::Case c("transpose", gpu::fmt("rows=%d cols=%d", rows, cols));
  const size_t n = static_cast<size_t>(rows) * cols;
  std::vector<float> in(n), ref(n, 0.f);
  sample::fill_random(in, 41);
  cpu::transpose(rows, cols, in.data(), ref.data());

  float* din = c.upload(in);
  float* dout = c.poisoned<float>(n);
  if (c.ok()) c.launched(::transpose(rows, cols, din, dout, st), st);
  return c.finish(c.download(dout, n), ref, -1);  // exact
}

static bool rejects(cudaStream_t st, int rows, int cols) {
  gpu::Case c("transpose", gpu::fmt("rows=%d cols=%d", rows, cols));
  float* din = c.poisoned<float>(128 * 128);
  float* dout = c.poisoned<float>(128 * 128);
  return c.expect_rejected(c.ok() ? ::transpose(rows, cols, din, dout, st) : cudaSuccess);
}

int main() {
  cudaStream_t st = gpu::make_stream("transpose");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 32, 32);           // one tile
  ok &= run(st, 96, 160);          // 3 x 5 grid, not square
  ok &= run(st, 2016, 1056);       // 63 x 33 grid
  ok &= run(st, 4096, 4096);
  ok &= rejects(st, 48, 32);       // rows % 32 != 0
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
