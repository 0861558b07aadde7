// GPU check of mma_gemm: the generated CUDA launcher (ldmatrix + mma.sync bf16 tensor
// cores) against the sequential kernel run on the CPU, on the same random bf16 inputs,
// at several sizes. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/mma_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::*

#include "../common/gpu_util.cuh"

namespace cpu {
#include "mma_gemm.exo.cpp"  // the sequential specification: cpu::mma_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/mma_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::mma_gemm(..., cudaStream_t)

using bf16 = exo::bf16;  // __nv_bfloat16 under nvcc

static bool run(cudaStream_t st, int M, int N, int K) {
  gpu::Case c("mma_gemm", gpu::fmt("M=%d N=%d K=%d", M, N, K));
  std::vector<float> Af(static_cast<size_t>(M) * K), Bf(static_cast<size_t>(N) * K);
  sample::fill_random(Af, 31);
  sample::fill_random(Bf, 32);
  const std::vector<bf16> A = sample::convert<bf16>(Af), B = sample::convert<bf16>(Bf);
  std::vector<float> ref(static_cast<size_t>(M) * N, 0.f);
  cpu::mma_gemm(M, N, K, A.data(), B.data(), ref.data());

  bf16* dA = c.upload(A);
  bf16* dB = c.upload(B);
  float* dC = c.poisoned<float>(ref.size());
  if (c.ok()) c.launched(::mma_gemm(M, N, K, dA, dB, dC, st), st);
  // The tensor cores sum in another order (and precision) than the sequential loop:
  // the same f32 accumulation up to rounding, far below 1e-2.
  return c.finish(c.download(dC, ref.size()), ref, 1e-2);
}

static bool rejects(cudaStream_t st, int M, int N, int K) {
  gpu::Case c("mma_gemm", gpu::fmt("M=%d N=%d K=%d", M, N, K));
  bf16* dA = c.poisoned<bf16>(128 * 128);
  bf16* dB = c.poisoned<bf16>(128 * 128);
  float* dC = c.poisoned<float>(128 * 128);
  return c.expect_rejected(c.ok() ? ::mma_gemm(M, N, K, dA, dB, dC, st) : cudaSuccess);
}

int main() {
  cudaStream_t st = gpu::make_stream("mma_gemm");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 128, 128, 32);     // one block, one k-step (no prefetch)
  ok &= run(st, 256, 384, 96);     // 2 x 3 blocks, 3 k-steps: both buffers
  ok &= run(st, 640, 256, 512);    // 5 x 2 blocks, 16 k-steps
  if (!gpu::small_only()) {
    ok &= run(st, 1024, 768, 320);    // 8 x 6 blocks
    ok &= run(st, 384, 1152, 4096);   // 3 x 9 blocks, 128 k-steps
    ok &= run(st, 2048, 2048, 1024);  // 256 blocks: two waves over 132 SMs
    ok &= run(st, 32768, 128, 32);    // the largest M (256 blocks along M)
    ok &= run(st, 128, 65536, 32);    // the largest N
    ok &= run(st, 128, 128, 32768);   // the largest K (1024 k-steps)
  }
  ok &= rejects(st, 96, 128, 32);     // M % 128 != 0
  ok &= rejects(st, 128, 136, 32);    // N % 128 != 0
  ok &= rejects(st, 128, 128, 48);    // K % 32 != 0
  ok &= rejects(st, 128, 128, 0);     // K == 0
  ok &= rejects(st, 32896, 128, 32);  // M > 32768 (C's index M * N would overflow int at N = 65536)
  ok &= rejects(st, 128, 128, 32800); // K > 32768
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
