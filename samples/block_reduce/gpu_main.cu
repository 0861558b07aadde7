// GPU check of block_reduce: the generated CUDA launcher against the sequential
// kernel (run on the CPU) on the same random inputs, at several sizes.
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/block_reduce.cu"' gpu_main.cu
#include <exo/exo.hpp>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "block_reduce.exo.cpp"  // the sequential specification: cpu::block_reduce
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/block_reduce.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED           // the launcher: ::block_reduce(..., cudaStream_t)

static bool run(cudaStream_t st, int n) {
  gpu::Case c("block_reduce", gpu::fmt("n=%d", n));
  const int blocks = n / 512;
  std::vector<float> x(n), ref(blocks, 0.f);
  sample::fill_random(x, 31);
  cpu::block_reduce(n, x.data(), ref.data());

  float* dx = c.upload(x);
  float* dout = c.poisoned<float>(blocks);
  if (c.ok()) c.launched(::block_reduce(n, dx, dout, st), st);
  return c.finish(c.download(dout, blocks), ref, 1e-4);
}

static bool rejects(cudaStream_t st, int n) {
  gpu::Case c("block_reduce", gpu::fmt("n=%d", n));
  float* dx = c.poisoned<float>(4096);
  float* dout = c.poisoned<float>(64);
  return c.expect_rejected(c.ok() ? ::block_reduce(n, dx, dout, st) : cudaSuccess);
}

int main() {
  cudaStream_t st = gpu::make_stream("block_reduce");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 512);              // one block
  ok &= run(st, 512 * 97);         // a non-power-of-two grid
  ok &= run(st, 512 * 8191);
  ok &= run(st, 512 * 16384);      // 8 Mi elements
  ok &= rejects(st, 1000);         // n % 512 != 0
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
