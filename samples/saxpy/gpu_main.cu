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

// after_error: an earlier, unrelated call's error is pending when the launcher runs. It
// stays the caller's: the launcher returns its own launch's status (cudaLaunchKernelEx),
// not that error, and leaves it for the caller's cudaGetLastError.
static bool run(cudaStream_t st, int n, bool after_error = false) {
  gpu::Case c("saxpy", gpu::fmt(after_error ? "n=%d after an error" : "n=%d", n));
  const float a = -0.625f;
  std::vector<float> x(n), y(n);
  sample::fill_random(x, 11);
  sample::fill_random(y, 12);
  std::vector<float> ref = y;
  cpu::saxpy(n, a, x.data(), ref.data());

  float* dx = c.upload(x);
  float* dy = c.upload(y);  // y is read as well as written: upload it, no poison
  // A failing call (an invalid copy direction: not a sticky error) leaves its error pending.
  const cudaError_t earlier = after_error ? cudaMemcpy(dx, dy, 4, static_cast<cudaMemcpyKind>(99)) : cudaSuccess;
  const cudaError_t mine = c.ok() ? ::saxpy(n, a, dx, dy, st) : cudaSuccess;
  const cudaError_t pending = after_error ? cudaGetLastError() : cudaSuccess;
  if (c.ok() && after_error && (earlier == cudaSuccess || mine != cudaSuccess || pending != earlier)) {
    std::printf("%-16s | %-26s | %-10s | FAIL (earlier call %s, launcher %s, then cudaGetLastError %s)\n", "saxpy",
                "pending error", "-", cudaGetErrorName(earlier), cudaGetErrorName(mine), cudaGetErrorName(pending));
    return false;
  }
  if (c.ok()) c.launched(mine, st);
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
  // The deliberate failing call is an API error to compute-sanitizer (scripts/gpu-validate
  // --sanitize sets EXO_GPU_SMALL): that run skips it, the plain run has it.
  if (!gpu::small_only()) ok &= run(st, 256 * 5, /*after_error=*/true);
  ok &= rejects(st, 1000);         // n % 256 != 0
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
