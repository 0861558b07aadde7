// The GPU check shared by the bf16 GEMM samples (C = A * B^T, row-major A M x K, B N x K,
// C M x N in f32): the generated launcher against the sequential kernel run on the CPU,
// on the same random bf16 inputs, output poisoned first; and a launcher called with sizes
// its exo::assume conditions refuse.
#ifndef EXO_GEMM_CHECK_CUH
#define EXO_GEMM_CHECK_CUH

#include <exo/exo.hpp>

#include "gpu_util.cuh"

namespace gemm {

using bf16 = exo::bf16;  // __nv_bfloat16 under nvcc
using Cpu = void (*)(int, int, int, const bf16*, const bf16*, float*);
using Launcher = cudaError_t (*)(int, int, int, const bf16*, const bf16*, float*, cudaStream_t);

inline bool run(const char* name, Cpu cpu, Launcher gpu, cudaStream_t st, int M, int N, int K) {
  gpu::Case c(name, gpu::fmt("M=%d N=%d K=%d", M, N, K));
  std::vector<float> Af(static_cast<size_t>(M) * K), Bf(static_cast<size_t>(N) * K);
  sample::fill_random(Af, 31);
  sample::fill_random(Bf, 32);
  const std::vector<bf16> A = sample::convert<bf16>(Af), B = sample::convert<bf16>(Bf);
  std::vector<float> ref(static_cast<size_t>(M) * N, 0.f);
  cpu(M, N, K, A.data(), B.data(), ref.data());

  bf16* dA = c.upload(A);
  bf16* dB = c.upload(B);
  float* dC = c.poisoned<float>(ref.size());
  if (c.ok()) c.launched(gpu(M, N, K, dA, dB, dC, st), st);
  // The tensor cores sum in another order (and precision) than the sequential loop:
  // the same f32 accumulation up to rounding, far below 1e-2.
  return c.finish(c.download(dC, ref.size()), ref, 1e-2);
}

inline bool rejects(const char* name, Launcher gpu, cudaStream_t st, int M, int N, int K) {
  gpu::Case c(name, gpu::fmt("M=%d N=%d K=%d", M, N, K));
  bf16* dA = c.poisoned<bf16>(128 * 128);
  bf16* dB = c.poisoned<bf16>(128 * 128);
  float* dC = c.poisoned<float>(128 * 128);
  return c.expect_rejected(c.ok() ? gpu(M, N, K, dA, dB, dC, st) : cudaSuccess);
}

}  // namespace gemm

#endif  // EXO_GEMM_CHECK_CUH
