// GPU check of sgemm_tiled: the generated CUDA launcher against the sequential kernel
// (run on the CPU) on the same random inputs, at several sizes.
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/sgemm_tiled.cu"' gpu_main.cu
#include <exo/exo.hpp>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "sgemm_tiled.exo.cpp"  // the sequential specification: cpu::sgemm_tiled
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/sgemm_tiled.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED          // the launcher: ::sgemm_tiled(..., cudaStream_t)

static bool run(cudaStream_t st, int M, int N, int K) {
  gpu::Case c("sgemm_tiled", gpu::fmt("M=%d N=%d K=%d", M, N, K));
  std::vector<float> A(static_cast<size_t>(M) * K), B(static_cast<size_t>(K) * N);
  std::vector<float> ref(static_cast<size_t>(M) * N, 0.f);
  sample::fill_random(A, 21);
  sample::fill_random(B, 22);
  cpu::sgemm_tiled(M, N, K, A.data(), B.data(), ref.data());

  float* dA = c.upload(A);
  float* dB = c.upload(B);
  float* dC = c.poisoned<float>(ref.size());
  if (c.ok()) c.launched(::sgemm_tiled(M, N, K, dA, dB, dC, st), st);
  return c.finish(c.download(dC, ref.size()), ref, 1e-4);
}

static bool rejects(cudaStream_t st, int M, int N, int K) {
  gpu::Case c("sgemm_tiled", gpu::fmt("M=%d N=%d K=%d", M, N, K));
  float* dA = c.poisoned<float>(128 * 128);
  float* dB = c.poisoned<float>(128 * 128);
  float* dC = c.poisoned<float>(128 * 128);
  return c.expect_rejected(c.ok() ? ::sgemm_tiled(M, N, K, dA, dB, dC, st) : cudaSuccess);
}

int main() {
  cudaStream_t st = gpu::make_stream("sgemm_tiled");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 32, 32, 32);        // one tile, one k-step
  ok &= run(st, 96, 160, 224);      // 3 x 5 grid
  ok &= run(st, 480, 736, 288);     // 15 x 23 grid
  ok &= run(st, 1024, 1024, 512);
  ok &= rejects(st, 48, 32, 32);    // M % 32 != 0
  ok &= rejects(st, 32, 32, 40);    // K % 32 != 0
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
