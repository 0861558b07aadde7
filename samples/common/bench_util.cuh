// What the GEMM benchmarks share (samples/mma_gemm/bench.cu, bench/gemm_bench.cu): error
// reporting, the cuBLAS anchor call, shape parsing and the median.
#ifndef EXO_BENCH_UTIL_CUH
#define EXO_BENCH_UTIL_CUH

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

namespace bench {

inline bool cuda_ok(cudaError_t e, const char* what) {
  if (e != cudaSuccess) std::printf("bench: %s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}
inline bool cublas_ok(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS) std::printf("bench: %s: cuBLAS status %d\n", what, static_cast<int>(s));
  return s == CUBLAS_STATUS_SUCCESS;
}

// Row-major C (M x N) = A (M x K) * B^T with B row-major N x K, in cuBLAS's column-major
// terms: row-major C is column-major C^T (N x M, ldc N), and C^T = B * A^T. Row-major
// B read column-major is B^T (K x N, ld K), so op T gives B; row-major A read
// column-major is A^T (K x M, ld K), op N. So: gemm(T, N, m=N, n=M, k=K, B, A, C), with
// f32 accumulation and a C of type `ctype`.
/// cuBLAS's name of a 16-bit input type.
template <class T>
constexpr cudaDataType_t cuda_type() {
  return std::is_same_v<T, float> ? CUDA_R_32F : std::is_same_v<T, __half> ? CUDA_R_16F : CUDA_R_16BF;
}
/// f32 inputs are multiplied as tf32 (CUBLAS_COMPUTE_32F_FAST_TF32), as exo's tf32 GEMM does.
template <class T>
inline cublasStatus_t cublas_gemm(cublasHandle_t h, int M, int N, int K, const T* A, const T* B, void* C,
                                  cudaDataType_t ctype) {
  static_assert(std::is_same_v<T, __nv_bfloat16> || std::is_same_v<T, __half> || std::is_same_v<T, float>,
                "bf16, f16 or f32 (tf32) inputs");
  const float alpha = 1.f, beta = 0.f;
  const cublasComputeType_t compute = std::is_same_v<T, float> ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
  return cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, N, M, K, &alpha, B, cuda_type<T>(), K, A, cuda_type<T>(), K, &beta,
                      C, ctype, N, compute, CUBLAS_GEMM_DEFAULT);
}

struct Shape {
  int M, N, K;
};

/// "S" (S x S x S) or "MxNxK", all positive.
inline bool parse(const char* s, Shape& out) {
  int m = 0, n = 0, k = 0;
  char tail = 0;
  if (std::sscanf(s, "%dx%dx%d%c", &m, &n, &k, &tail) == 3 && m > 0 && n > 0 && k > 0) {
    out = {m, n, k};
    return true;
  }
  if (std::sscanf(s, "%d%c", &m, &tail) == 1 && m > 0) {
    out = {m, m, m};
    return true;
  }
  return false;
}

template <class T>
double median(std::vector<T> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (static_cast<double>(v[n / 2 - 1]) + v[n / 2]);
}

/// Timed rounds: EXO_BENCH_ITERS, default 30, at least 20.
inline int iterations() {
  const char* it = std::getenv("EXO_BENCH_ITERS");
  return std::max(20, it ? std::atoi(it) : 30);
}

/// The device, a stream and a cuBLAS handle on it; open() prints the device line.
struct Session {
  cudaDeviceProp prop{};
  cudaStream_t st = nullptr;
  cublasHandle_t h = nullptr;
  bool open() {
    int dev = 0, rt = 0, drv = 0, cublas_ver = 0;
    if (!cuda_ok(cudaGetDevice(&dev), "cudaGetDevice") || !cuda_ok(cudaGetDeviceProperties(&prop, dev), "properties") ||
        !cuda_ok(cudaStreamCreate(&st), "cudaStreamCreate") || !cublas_ok(cublasCreate(&h), "cublasCreate") ||
        !cublas_ok(cublasSetStream(h, st), "cublasSetStream"))
      return false;
    cudaRuntimeGetVersion(&rt);
    cudaDriverGetVersion(&drv);
    cublasGetVersion(h, &cublas_ver);
    std::printf("device: %s (sm_%d%d, %d SMs, L2 %d MB); CUDA runtime %d, driver %d, cuBLAS %d\n", prop.name,
                prop.major, prop.minor, prop.multiProcessorCount, prop.l2CacheSize >> 20, rt, drv, cublas_ver);
    return true;
  }
  ~Session() {
    if (h) cublasDestroy(h);
    if (st) cudaStreamDestroy(st);
  }
};

}  // namespace bench

#endif  // EXO_BENCH_UTIL_CUH
