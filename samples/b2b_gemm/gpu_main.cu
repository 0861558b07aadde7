// GPU check of b2b_gemm (E = bf16(A * B^T) * D^T, the intermediate in registers: wgmma with
// A from registers; bf16 and f16): the generated launcher against the sequential kernel
// run on the CPU, on the same random inputs (E poisoned with NaN first), at several
// sizes; then sizes the launcher must refuse. The tensor cores sum P in another order
// than the CPU: an element of P may round to a neighbouring bf16, far below the bound.
// EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/b2b_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gpu_util.cuh"

namespace cpu {
#include "b2b_gemm.exo.cpp"  // the sequential specification: cpu::b2b_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/b2b_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::b2b_gemm(..., cudaStream_t)

constexpr int kH = cpu::H;  // the hidden width

template <class T>
bool run(const char* name, cudaStream_t st, int M, int N, int K) {
  gpu::Case c(name, gpu::fmt("M=%d N=%d K=%d", M, N, K));
  std::vector<float> Af(size_t(M) * K), Bf(size_t(kH) * K), Df(size_t(N) * kH);
  sample::fill_random(Af, 51);
  sample::fill_random(Bf, 52);
  sample::fill_random(Df, 53);
  const std::vector<T> A = sample::convert<T>(Af), B = sample::convert<T>(Bf), D = sample::convert<T>(Df);
  std::vector<float> ref(size_t(M) * N, 0.f);
  cpu::b2b_gemm<T>(M, N, K, A.data(), B.data(), D.data(), ref.data());
  T* dA = c.upload(A);
  T* dB = c.upload(B);
  T* dD = c.upload(D);
  float* dE = c.poisoned<float>(ref.size());
  if (c.ok()) c.launched(::b2b_gemm(M, N, K, dA, dB, dD, dE, st), st);
  return c.finish(c.download(dE, ref.size()), ref, 1e-2);
}

template <class T>
bool rejects(const char* name, cudaStream_t st, int M, int N, int K) {
  gpu::Case c(name, gpu::fmt("M=%d N=%d K=%d", M, N, K));
  T* d = c.poisoned<T>(128 * 128);
  float* dE = c.poisoned<float>(128 * 128);
  return c.expect_rejected(c.ok() ? ::b2b_gemm(M, N, K, d, d, d, dE, st) : cudaSuccess);
}

template <class T>
bool sweep(const char* name, cudaStream_t st) {
  bool ok = true;
  ok &= run<T>(name, st, 128, 128, 64);     // one block, one k-step
  ok &= run<T>(name, st, 256, 384, 384);    // 2 x 3 blocks, the ring wraps
  if (!gpu::small_only()) {
    ok &= run<T>(name, st, 2048, 2048, 1024);  // 256 blocks
    ok &= run<T>(name, st, 4096, 512, 4096);   // long K
    ok &= run<T>(name, st, 32768, 128, 64);    // the largest M
    ok &= run<T>(name, st, 128, 65536, 64);    // the largest N
  }
  ok &= rejects<T>(name, st, 128, 128, 32);  // K % 64 != 0
  ok &= rejects<T>(name, st, 64, 128, 64);   // M % 128 != 0
  ok &= rejects<T>(name, st, 128, 128, 0);   // K == 0
  return ok;
}

int main() {
  cudaStream_t st = gpu::make_stream("b2b_gemm");
  if (!st) return 1;
  bool ok = sweep<exo::bf16>("b2b_gemm", st);
  ok &= sweep<exo::f16>("b2b_gemm<f16>", st);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
