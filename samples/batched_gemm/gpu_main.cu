// GPU check of batched_gemm (3-D TMA boxes: C[b] = A[b] * B[b]^T; bf16, f16, and f32 as
// tf32): the generated launcher against the sequential kernel run on the CPU, on the same
// random inputs (C poisoned with NaN first), at several sizes: odd batches, ragged N and
// K, one matrix, and the largest batch; then sizes the launcher must refuse.
// EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/batched_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include <type_traits>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "batched_gemm.exo.cpp"  // the sequential specification: cpu::batched_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/batched_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::batched_gemm(..., cudaStream_t)

template <class T>
bool run(const char* name, cudaStream_t st, int batch, int M, int N, int K) {
  gpu::Case c(name, gpu::fmt("b=%d M=%d N=%d K=%d", batch, M, N, K));
  std::vector<float> Af(size_t(batch) * M * K), Bf(size_t(batch) * N * K);
  sample::fill_random(Af, 41);
  sample::fill_random(Bf, 42);
  const std::vector<T> A = sample::convert<T>(Af), B = sample::convert<T>(Bf);
  std::vector<float> ref(size_t(batch) * M * N, 0.f);
  cpu::batched_gemm<T>(batch, M, N, K, A.data(), B.data(), ref.data());
  T* dA = c.upload(A);
  T* dB = c.upload(B);
  float* dC = c.poisoned<float>(ref.size());
  if (c.ok()) c.launched(::batched_gemm(batch, M, N, K, dA, dB, dC, st), st);
  return c.finish(c.download(dC, ref.size()), ref, std::is_same_v<T, float> ? 2e-3 : 1e-2);
}

template <class T>
bool rejects(const char* name, cudaStream_t st, int batch, int M, int N, int K) {
  gpu::Case c(name, gpu::fmt("b=%d M=%d N=%d K=%d", batch, M, N, K));
  T* dA = c.poisoned<T>(128 * 128);
  T* dB = c.poisoned<T>(128 * 128);
  float* dC = c.poisoned<float>(128 * 128);
  return c.expect_rejected(c.ok() ? ::batched_gemm(batch, M, N, K, dA, dB, dC, st) : cudaSuccess);
}

template <class T>
bool sweep(const char* name, cudaStream_t st) {
  bool ok = true;
  ok &= run<T>(name, st, 2, 64, 128, 64);     // one block, one k-step
  ok &= run<T>(name, st, 3, 64, 160, 136);    // an odd batch (the last pair's second matrix is past it), ragged N and K
  ok &= run<T>(name, st, 1, 64, 32, 8);       // one matrix, one slice
  if (!gpu::small_only()) {
    ok &= run<T>(name, st, 16, 256, 384, 512);    // 8 x 4 x 3 blocks, the ring wraps
    ok &= run<T>(name, st, 7, 192, 1000 / 32 * 32, 1000);  // odd batch, ragged K, a ragged last column block
    ok &= run<T>(name, st, 512, 64, 128, 256);    // many short matrices (the largest batch * N)
    ok &= run<T>(name, st, 8, 4096, 128, 64);     // the largest batch * M
    ok &= run<T>(name, st, 2, 64, 128, 32768);    // the largest K
  }
  ok &= rejects<T>(name, st, 2, 64, 128, 60);    // K % 8 != 0
  ok &= rejects<T>(name, st, 2, 96, 128, 64);    // M % 64 != 0
  ok &= rejects<T>(name, st, 2, 64, 100, 64);    // N % 32 != 0
  ok &= rejects<T>(name, st, 0, 64, 128, 64);    // an empty batch
  ok &= rejects<T>(name, st, 1024, 64, 128, 64); // batch * N > 65536
  return ok;
}

int main() {
  cudaStream_t st = gpu::make_stream("batched_gemm");
  if (!st) return 1;
  bool ok = sweep<exo::bf16>("batched_gemm", st);
  ok &= sweep<exo::f16>("batched_gemm<f16>", st);
  ok &= sweep<float>("batched_gemm<tf32>", st);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
