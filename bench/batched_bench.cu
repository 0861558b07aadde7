// batched_bench: samples/batched_gemm (the generated CUDA) against cuBLAS's strided
// batched GEMM (cublasGemmStridedBatchedEx, f32 accumulate and C, the same row-major
// C[b] = A[b] * B[b]^T) in the same run, on the same random inputs, bf16, f16 and tf32.
// Method as bench/gemm_bench.cu: the exo result checked against cuBLAS once
// (||exo - ref|| / ||ref|| <= 1e-2, C poisoned with NaN before), three warm-up rounds,
// then EXO_BENCH_ITERS (default 30, at least 20) interleaved rounds timed with CUDA
// events each; the medians and their ratio are printed, one line per shape.
//
// Build (where nvcc and cuBLAS are; no GPU needed):
//   exo-cuda -o DIR/batched_gemm.cu samples/batched_gemm/batched_gemm.exo.cpp -- -Iannotations/include
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -Iannotations/include \
//        -DEXO_GENERATED_BATCHED='"DIR/batched_gemm.cu"' bench/batched_bench.cu -o batched_bench -lcublas
// Usage: batched_bench [BATCHxMxNxK...]   (default: a few attention- and expert-sized shapes)
// Exit status: 0 when every shape ran and matched cuBLAS, 1 otherwise.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <exo/sm90.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

#include "../samples/common/bench_util.cuh"
#include "../samples/common/sample_util.hpp"

#ifndef EXO_GENERATED_BATCHED
#error "define EXO_GENERATED_BATCHED as the path of the generated batched_gemm.cu"
#endif
#include EXO_GENERATED_BATCHED

namespace {

using bench::cublas_ok;
using bench::cuda_ok;

struct Batched {
  int batch, M, N, K;
};

template <class T>
cublasStatus_t cublas_batched(cublasHandle_t h, const Batched& s, const T* A, const T* B, float* C) {
  // As bench::cublas_gemm (row-major C = A * B^T is column-major C^T = B * A^T), per matrix.
  const float alpha = 1.f, beta = 0.f;
  const cublasComputeType_t compute = std::is_same_v<T, float> ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
  return cublasGemmStridedBatchedEx(h, CUBLAS_OP_T, CUBLAS_OP_N, s.N, s.M, s.K, &alpha, B, bench::cuda_type<T>(), s.K,
                                    static_cast<long long>(s.N) * s.K, A, bench::cuda_type<T>(), s.K,
                                    static_cast<long long>(s.M) * s.K, &beta, C, CUDA_R_32F, s.N,
                                    static_cast<long long>(s.M) * s.N, s.batch, compute, CUBLAS_GEMM_DEFAULT);
}

template <class T>
bool run(cublasHandle_t h, const char* dtype, const Batched& s, int iters) {
  const size_t nA = size_t(s.batch) * s.M * s.K, nB = size_t(s.batch) * s.N * s.K, nC = size_t(s.batch) * s.M * s.N;
  std::vector<float> Af(nA), Bf(nB);
  sample::fill_random(Af, 51);
  sample::fill_random(Bf, 52);
  const std::vector<T> A = sample::convert<T>(Af), B = sample::convert<T>(Bf);
  T *dA = nullptr, *dB = nullptr;
  float *dC = nullptr, *dRef = nullptr;
  bool ok = cuda_ok(cudaMalloc(&dA, nA * sizeof(T)), "cudaMalloc A") && cuda_ok(cudaMalloc(&dB, nB * sizeof(T)), "cudaMalloc B") &&
            cuda_ok(cudaMalloc(&dC, nC * sizeof(float)), "cudaMalloc C") &&
            cuda_ok(cudaMalloc(&dRef, nC * sizeof(float)), "cudaMalloc C") &&
            cuda_ok(cudaMemcpy(dA, A.data(), nA * sizeof(T), cudaMemcpyHostToDevice), "upload A") &&
            cuda_ok(cudaMemcpy(dB, B.data(), nB * sizeof(T), cudaMemcpyHostToDevice), "upload B") &&
            cuda_ok(cudaMemset(dC, 0xFF, nC * sizeof(float)), "poison C");  // NaN: an unwritten element fails
  auto launch = [&](int v) {
    return v == 0 ? cuda_ok(batched_gemm(s.batch, s.M, s.N, s.K, dA, dB, dC), "batched_gemm") &&
                        cuda_ok(cudaGetLastError(), "batched_gemm launch")
                  : cublas_ok(cublas_batched(h, s, dA, dB, dRef), "cublasGemmStridedBatchedEx");
  };
  double err = NAN;
  if (ok) ok = launch(0) && launch(1) && cuda_ok(cudaDeviceSynchronize(), "first run");
  if (ok) {
    std::vector<float> out(nC), ref(nC);
    ok = cuda_ok(cudaMemcpy(out.data(), dC, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") &&
         cuda_ok(cudaMemcpy(ref.data(), dRef, nC * sizeof(float), cudaMemcpyDeviceToHost), "download");
    double num = 0, den = 0;
    for (size_t i = 0; i < nC; ++i) num += double(out[i] - ref[i]) * (out[i] - ref[i]), den += double(ref[i]) * ref[i];
    err = std::sqrt(num / den);  // NaN (an unwritten element) fails the test below
    ok = ok && err <= 1e-2;
  }
  std::vector<float> t[2];
  cudaEvent_t e0 = nullptr, e1 = nullptr;
  ok = ok && cuda_ok(cudaEventCreate(&e0), "event") && cuda_ok(cudaEventCreate(&e1), "event");
  for (int r = 0; ok && r < 3 + iters; ++r)
    for (int v = 0; v < 2 && ok; ++v) {
      float ms = 0;
      ok = cuda_ok(cudaEventRecord(e0), "record") && launch(v) && cuda_ok(cudaEventRecord(e1), "record") &&
           cuda_ok(cudaEventSynchronize(e1), "sync") && cuda_ok(cudaEventElapsedTime(&ms, e0, e1), "elapsed");
      if (r >= 3) t[v].push_back(ms);
    }
  const double flop = 2.0 * s.batch * s.M * s.N * s.K;
  const double exo = ok ? flop / (bench::median(t[0]) * 1e9) : 0, cub = ok ? flop / (bench::median(t[1]) * 1e9) : 0;
  std::printf("%-5s %5dx%-5dx%-5dx%-6d %9.1f %9.1f %7.3f %10.2e %s\n", dtype, s.batch, s.M, s.N, s.K, exo, cub,
              cub > 0 ? exo / cub : 0.0, err, ok ? "PASS" : "FAIL");
  cudaEventDestroy(e0), cudaEventDestroy(e1);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dRef);
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Batched> shapes;
  for (int i = 1; i < argc; ++i) {
    Batched s{};
    char tail = 0;
    if (std::sscanf(argv[i], "%dx%dx%dx%d%c", &s.batch, &s.M, &s.N, &s.K, &tail) != 4) {
      std::fprintf(stderr, "batched_bench: '%s' is not BATCHxMxNxK\n", argv[i]);
      return 1;
    }
    shapes.push_back(s);
  }
  if (shapes.empty()) shapes = {{64, 256, 256, 4096}, {128, 128, 256, 2048}, {32, 512, 1024, 4096}, {16, 1024, 1024, 8192}};
  cublasHandle_t h;
  if (!cublas_ok(cublasCreate(&h), "cublasCreate")) return 1;
  const int iters = bench::iterations();
  std::printf("batched_gemm against cublasGemmStridedBatchedEx (f32 C), TFLOP/s, median of %d interleaved rounds\n", iters);
  std::printf("%-5s %-24s %9s %9s %7s %10s\n", "dtype", "batch x M x N x K", "exo", "cuBLAS", "ratio", "rel.err");
  bool ok = true;
  for (const Batched& s : shapes) ok = run<__nv_bfloat16>(h, "bf16", s, iters) && ok;
  for (const Batched& s : shapes) ok = run<__half>(h, "fp16", s, iters) && ok;
  for (const Batched& s : shapes) ok = run<float>(h, "tf32", s, iters) && ok;
  cublasDestroy(h);
  return ok ? 0 : 1;
}
