// Benchmark of mma_gemm: the generated launcher against cuBLAS, in the same process,
// on the same bf16 inputs (C = A * B^T; A M x K, B N x K, C M x N, all row-major).
//
//   ours       ::mma_gemm (bf16 in, f32 accumulate, f32 out)
//   cuBLAS f32 cublasGemmEx, bf16 A/B, f32 C, CUBLAS_COMPUTE_32F: the same operation
//   cuBLAS bf16  the same with a bf16 C (half the output traffic): the fastest anchor
//
// Each size: every variant once (checked) and three more rounds to warm up, then ITERS
// rounds of (ours, cuBLAS f32, cuBLAS bf16), each call timed by its own pair of CUDA
// events on one stream; the median per variant is reported as TFLOP/s = 2 M N K / time. L2 is not flushed
// between calls (A and B of the 2048^3 case fit in H200's 50 MB L2; at 4096^3 and up
// they do not). Before timing, ours is checked against cuBLAS f32 once
// (||ours - cublas|| / ||cublas|| <= 1e-2, and the max-element error too).
//
// Usage: bench [SIZE...]   SIZE is S (S x S x S) or MxNxK; default 2048 4096 8192.
// Environment: EXO_BENCH_ITERS (default 30, at least 20).
// Exit status: 0 when every size ran and matched; 1 otherwise.
// Build: nvcc -std=c++17 -O3 -I annotations/include -DEXO_GENERATED='"gen/mma_gemm.cu"' bench.cu -lcublas
#include <cublas_v2.h>

#include <exo/sm80.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../common/sample_util.hpp"

#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/mma_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::mma_gemm(..., cudaStream_t)
#ifdef EXO_GENERATED_WGMMA
#include <exo/sm90.hpp>
#include EXO_GENERATED_WGMMA  // ::wgmma_gemm(..., cudaStream_t): the Hopper sample, timed too
#endif
#ifdef EXO_GENERATED_HOPPER
#include <exo/sm90.hpp>
#include EXO_GENERATED_HOPPER  // ::hopper_gemm(..., cudaStream_t): warp-specialized TMA + wgmma, timed too
#endif
#ifdef EXO_GENERATED_TMA
#include <exo/sm90.hpp>
#include EXO_GENERATED_TMA  // ::tma_gemm(..., cudaStream_t): TMA + one ring and a block barrier per step
#endif
#ifdef EXO_GENERATED_RAGGED
#include <exo/sm90.hpp>
#include EXO_GENERATED_RAGGED  // ::ragged_gemm(..., cudaStream_t): hopper_gemm for any M, N, K % 8
#endif

namespace {

using bf16 = __nv_bfloat16;

bool cuda_ok(cudaError_t e, const char* what) {
  if (e != cudaSuccess) std::printf("bench: %s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}
bool cublas_ok(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS) std::printf("bench: %s: cuBLAS status %d\n", what, static_cast<int>(s));
  return s == CUBLAS_STATUS_SUCCESS;
}

// Row-major C (M x N) = A (M x K) * B^T with B row-major N x K, in cuBLAS's column-major
// terms: row-major C is column-major C^T (N x M, ldc N), and C^T = B * A^T. Row-major
// B read column-major is B^T (K x N, ld K), so op T gives B; row-major A read
// column-major is A^T (K x M, ld K), op N. So: gemm(T, N, m=N, n=M, k=K, B, A, C).
cublasStatus_t cublas_gemm(cublasHandle_t h, int M, int N, int K, const bf16* A, const bf16* B, void* C,
                           cudaDataType_t ctype) {
  const float alpha = 1.f, beta = 0.f;
  return cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_16BF, K, A, CUDA_R_16BF, K, &beta, C,
                      ctype, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

struct Size {
  int M, N, K;
};

bool parse(const char* s, Size& out) {
  int m = 0, n = 0, k = 0;
  char tail = 0;
  if (std::sscanf(s, "%dx%dx%d%c", &m, &n, &k, &tail) == 3) {
    out = {m, n, k};
    return m > 0 && n > 0 && k > 0;
  }
  if (std::sscanf(s, "%d%c", &m, &tail) == 1 && m > 0) {
    out = {m, m, m};
    return true;
  }
  return false;
}

template <class T>
struct DeviceArray {
  T* p = nullptr;
  explicit DeviceArray(std::size_t n) {
    if (!cuda_ok(cudaMalloc(&p, n * sizeof(T)), "cudaMalloc")) p = nullptr;
  }
  ~DeviceArray() { cudaFree(p); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
};

double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (static_cast<double>(v[n / 2 - 1]) + v[n / 2]);
}

// The variants of one size: a launch each, enqueued on `st`.
enum Variant { kOurs, kWgmma, kHopper, kTma, kRagged, kCublasF32, kCublasBf16, kVariants };
const char* const kNames[kVariants] = {"ours (exo mma_gemm)", "ours (exo wgmma_gemm)", "ours (exo hopper_gemm)",
                                       "ours (exo tma_gemm)", "ours (exo ragged_gemm)", "cuBLAS bf16->f32",
                                       "cuBLAS bf16->bf16"};
#ifdef EXO_GENERATED_WGMMA
constexpr bool kHaveWgmma = true;
#else
constexpr bool kHaveWgmma = false;
#endif
#ifdef EXO_GENERATED_HOPPER
constexpr bool kHaveHopper = true;
#else
constexpr bool kHaveHopper = false;
#endif
#ifdef EXO_GENERATED_TMA
constexpr bool kHaveTma = true;
#else
constexpr bool kHaveTma = false;
#endif
#ifdef EXO_GENERATED_RAGGED
constexpr bool kHaveRagged = true;
#else
constexpr bool kHaveRagged = false;
#endif

bool bench(cublasHandle_t h, cudaStream_t st, const Size& sz, int iters) {
  const int M = sz.M, N = sz.N, K = sz.K;
  std::printf("\n== M=%d N=%d K=%d (%.1f GFLOP per call)\n", M, N, K, 2.0 * M * N * K / 1e9);
  const std::size_t nA = static_cast<std::size_t>(M) * K, nB = static_cast<std::size_t>(N) * K,
                    nC = static_cast<std::size_t>(M) * N;
  std::vector<float> Af(nA), Bf(nB);
  sample::fill_random(Af, 41);
  sample::fill_random(Bf, 42);
  const std::vector<bf16> A = sample::convert<bf16>(Af), B = sample::convert<bf16>(Bf);

  DeviceArray<bf16> dA(nA), dB(nB), dCh(nC);
  DeviceArray<float> dC(nC), dCw(nC), dCx(nC), dCt(nC), dCr(nC), dCref(nC);
  if (!dA.p || !dB.p || !dCh.p || !dC.p || !dCw.p || !dCx.p || !dCt.p || !dCr.p || !dCref.p) return false;
  // wgmma_gemm tiles 128 x 256 and steps K by 64: sizes it refuses are timed without it.
  const bool wgmma = kHaveWgmma && M % 128 == 0 && N % 256 == 0 && K % 64 == 0;
  const bool hopper = kHaveHopper && M % 128 == 0 && N % 256 == 0 && K % 64 == 0;  // the same tiles
  const bool tma = kHaveTma && M % 128 == 0 && N % 256 == 0 && K % 64 == 0;
  const bool ragged = kHaveRagged && K % 8 == 0;  // any M, N
  const bool mma = M % 128 == 0 && N % 128 == 0 && K % 32 == 0;  // mma_gemm's tiles: other sizes are timed without it
  if (!cuda_ok(cudaMemcpy(dA.p, A.data(), nA * sizeof(bf16), cudaMemcpyHostToDevice), "upload A") ||
      !cuda_ok(cudaMemcpy(dB.p, B.data(), nB * sizeof(bf16), cudaMemcpyHostToDevice), "upload B") ||
      !cuda_ok(cudaMemset(dC.p, 0xFF, nC * sizeof(float)), "poison C") ||  // NaN: unwritten fails
      !cuda_ok(cudaMemset(dCw.p, 0xFF, nC * sizeof(float)), "poison C") ||
      !cuda_ok(cudaMemset(dCx.p, 0xFF, nC * sizeof(float)), "poison C") ||
      !cuda_ok(cudaMemset(dCt.p, 0xFF, nC * sizeof(float)), "poison C") ||
      !cuda_ok(cudaMemset(dCr.p, 0xFF, nC * sizeof(float)), "poison C"))
    return false;

  auto launch = [&](int v) -> bool {
    switch (v) {
      case kOurs: return !mma || cuda_ok(::mma_gemm(M, N, K, dA.p, dB.p, dC.p, st), "mma_gemm launcher");
      case kWgmma:
#ifdef EXO_GENERATED_WGMMA
        return !wgmma || cuda_ok(::wgmma_gemm(M, N, K, dA.p, dB.p, dCw.p, st), "wgmma_gemm launcher");
#else
        return true;
#endif
      case kHopper:
#ifdef EXO_GENERATED_HOPPER
        return !hopper || cuda_ok(::hopper_gemm(M, N, K, dA.p, dB.p, dCx.p, st), "hopper_gemm launcher");
#else
        return true;
#endif
      case kTma:
#ifdef EXO_GENERATED_TMA
        return !tma || cuda_ok(::tma_gemm(M, N, K, dA.p, dB.p, dCt.p, st), "tma_gemm launcher");
#else
        return true;
#endif
      case kRagged:
#ifdef EXO_GENERATED_RAGGED
        return !ragged || cuda_ok(::ragged_gemm(M, N, K, dA.p, dB.p, dCr.p, st), "ragged_gemm launcher");
#else
        return true;
#endif
      case kCublasF32: return cublas_ok(cublas_gemm(h, M, N, K, dA.p, dB.p, dCref.p, CUDA_R_32F), "cublasGemmEx f32");
      default: return cublas_ok(cublas_gemm(h, M, N, K, dA.p, dB.p, dCh.p, CUDA_R_16BF), "cublasGemmEx bf16");
    }
  };

  // Correctness, once: ours against cuBLAS f32 (and cuBLAS bf16 against it, as a sanity
  // check of the anchor). The first calls are also the warm-up.
  for (int v = 0; v < kVariants; ++v)
    if (!launch(v)) return false;
  if (!cuda_ok(cudaStreamSynchronize(st), "kernels")) return false;
  std::vector<float> ours(nC), oursw(nC), oursx(nC), ourst(nC), oursr(nC), ref(nC);
  std::vector<bf16> half(nC);
  if (!cuda_ok(cudaMemcpy(ours.data(), dC.p, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") ||
      !cuda_ok(cudaMemcpy(oursw.data(), dCw.p, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") ||
      !cuda_ok(cudaMemcpy(oursx.data(), dCx.p, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") ||
      !cuda_ok(cudaMemcpy(ourst.data(), dCt.p, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") ||
      !cuda_ok(cudaMemcpy(oursr.data(), dCr.p, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") ||
      !cuda_ok(cudaMemcpy(ref.data(), dCref.p, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") ||
      !cuda_ok(cudaMemcpy(half.data(), dCh.p, nC * sizeof(bf16), cudaMemcpyDeviceToHost), "download"))
    return false;
  const double err = sample::rel_error(ours, ref), maxerr = sample::max_error(ours, ref);
  const double herr = sample::rel_error(sample::convert<float>(half), ref);
  const double werr = sample::rel_error(oursw, ref), wmaxerr = sample::max_error(oursw, ref);
  const bool wmatch = !wgmma || (werr <= 1e-2 && wmaxerr <= 1e-2);
  const double xerr = sample::rel_error(oursx, ref), xmaxerr = sample::max_error(oursx, ref);
  const bool xmatch = !hopper || (xerr <= 1e-2 && xmaxerr <= 1e-2);
  const double terr = sample::rel_error(ourst, ref), tmaxerr = sample::max_error(ourst, ref);
  const bool tmatch = !tma || (terr <= 1e-2 && tmaxerr <= 1e-2);
  const double rerr = sample::rel_error(oursr, ref), rmaxerr = sample::max_error(oursr, ref);
  const bool rmatch = !ragged || (rerr <= 1e-2 && rmaxerr <= 1e-2);
  const bool omatch = !mma || (err <= 1e-2 && maxerr <= 1e-2);
  const bool match = omatch && wmatch && xmatch && tmatch && rmatch;
  std::printf("check: ours vs cuBLAS f32: rel.error %.3e, max rel.error %.3e: %s\n", err, maxerr,
              !mma ? "not run (size)" : omatch ? "PASS" : "FAIL");
  if (wgmma)
    std::printf("       wgmma_gemm vs cuBLAS f32: rel.error %.3e, max rel.error %.3e: %s\n", werr, wmaxerr,
                wmatch ? "PASS" : "FAIL");
  if (hopper)
    std::printf("       hopper_gemm vs cuBLAS f32: rel.error %.3e, max rel.error %.3e: %s\n", xerr, xmaxerr,
                xmatch ? "PASS" : "FAIL");
  if (tma)
    std::printf("       tma_gemm vs cuBLAS f32: rel.error %.3e, max rel.error %.3e: %s\n", terr, tmaxerr,
                tmatch ? "PASS" : "FAIL");
  if (ragged)
    std::printf("       ragged_gemm vs cuBLAS f32: rel.error %.3e, max rel.error %.3e: %s\n", rerr, rmaxerr,
                rmatch ? "PASS" : "FAIL");
  std::printf("       cuBLAS bf16 vs cuBLAS f32: rel.error %.3e (the bf16 rounding of C)\n", herr);

  for (int r = 0; r < 3; ++r)  // three more warm-up rounds
    for (int v = 0; v < kVariants; ++v)
      if (!launch(v)) return false;

  // ITERS rounds, interleaved, so that clock and thermal drift hit every variant alike.
  std::vector<cudaEvent_t> ev(static_cast<std::size_t>(2 * kVariants * iters));
  for (cudaEvent_t& e : ev)
    if (!cuda_ok(cudaEventCreate(&e), "cudaEventCreate")) return false;
  bool ok = true;
  for (int i = 0; i < iters && ok; ++i)
    for (int v = 0; v < kVariants && ok; ++v) {
      const std::size_t at = 2 * (static_cast<std::size_t>(i) * kVariants + v);
      ok = cuda_ok(cudaEventRecord(ev[at], st), "cudaEventRecord") && launch(v) &&
           cuda_ok(cudaEventRecord(ev[at + 1], st), "cudaEventRecord");
    }
  ok = ok && cuda_ok(cudaStreamSynchronize(st), "kernels");
  std::vector<float> ms[kVariants];
  for (int i = 0; i < iters && ok; ++i)
    for (int v = 0; v < kVariants && ok; ++v) {
      const std::size_t at = 2 * (static_cast<std::size_t>(i) * kVariants + v);
      float t = 0;
      ok = cuda_ok(cudaEventElapsedTime(&t, ev[at], ev[at + 1]), "cudaEventElapsedTime");
      ms[v].push_back(t);
    }
  for (cudaEvent_t e : ev) cudaEventDestroy(e);
  if (!ok) return false;

  const double flop = 2.0 * M * N * K;
  double tflops[kVariants];
  for (int v = 0; v < kVariants; ++v) {
    if ((v == kOurs && !mma) || (v == kWgmma && !wgmma) || (v == kHopper && !hopper) || (v == kTma && !tma) || (v == kRagged && !ragged)) {
      tflops[v] = 0;
      continue;
    }
    const double med = median(ms[v]);
    const auto mm = std::minmax_element(ms[v].begin(), ms[v].end());
    tflops[v] = flop / (med * 1e-3) / 1e12;
    std::printf("%-20s median %8.3f ms  (min %.3f, max %.3f)  %7.1f TFLOP/s\n", kNames[v], med, *mm.first,
                *mm.second, tflops[v]);
  }
  std::printf("ratio ours / cuBLAS f32: %.3f   ours / cuBLAS bf16: %.3f\n", tflops[kOurs] / tflops[kCublasF32],
              tflops[kOurs] / tflops[kCublasBf16]);
  if (wgmma)
    std::printf("ratio wgmma_gemm / cuBLAS f32: %.3f   wgmma_gemm / cuBLAS bf16: %.3f\n",
                tflops[kWgmma] / tflops[kCublasF32], tflops[kWgmma] / tflops[kCublasBf16]);
  if (hopper)
    std::printf("ratio hopper_gemm / cuBLAS f32: %.3f   hopper_gemm / cuBLAS bf16: %.3f\n",
                tflops[kHopper] / tflops[kCublasF32], tflops[kHopper] / tflops[kCublasBf16]);
  if (tma)
    std::printf("ratio tma_gemm / cuBLAS f32: %.3f   tma_gemm / cuBLAS bf16: %.3f\n", tflops[kTma] / tflops[kCublasF32],
                tflops[kTma] / tflops[kCublasBf16]);
  std::printf("RESULT M=%d N=%d K=%d | ours %.1f | wgmma %.1f | hopper %.1f | tma %.1f | ragged %.1f | cublas_f32 %.1f | "
              "cublas_bf16 %.1f TFLOP/s | ratio %.3f | %.3f | wgmma ratio %.3f | hopper ratio %.3f | tma ratio %.3f | "
              "ragged ratio %.3f | check %s\n",
              M, N, K, tflops[kOurs], tflops[kWgmma], tflops[kHopper], tflops[kTma], tflops[kRagged], tflops[kCublasF32],
              tflops[kCublasBf16], tflops[kOurs] / tflops[kCublasF32], tflops[kOurs] / tflops[kCublasBf16],
              tflops[kWgmma] / tflops[kCublasBf16], tflops[kHopper] / tflops[kCublasBf16],
              tflops[kTma] / tflops[kCublasBf16], tflops[kRagged] / tflops[kCublasBf16], match ? "PASS" : "FAIL");
  std::fflush(stdout);
  return match;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Size> sizes;
  for (int i = 1; i < argc; ++i) {
    Size s{};
    if (!parse(argv[i], s)) {
      std::fprintf(stderr, "bench: bad size '%s' (S or MxNxK)\n", argv[i]);
      return 2;
    }
    sizes.push_back(s);
  }
  if (sizes.empty()) sizes = {{2048, 2048, 2048}, {4096, 4096, 4096}, {8192, 8192, 8192}};
  const char* it = std::getenv("EXO_BENCH_ITERS");
  const int iters = std::max(20, it ? std::atoi(it) : 30);

  cudaDeviceProp prop{};
  int dev = 0, rt = 0, drv = 0, cublas_ver = 0;
  if (!cuda_ok(cudaGetDevice(&dev), "cudaGetDevice") || !cuda_ok(cudaGetDeviceProperties(&prop, dev), "properties"))
    return 1;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  cudaStream_t st = nullptr;
  cublasHandle_t h = nullptr;
  if (!cuda_ok(cudaStreamCreate(&st), "cudaStreamCreate") || !cublas_ok(cublasCreate(&h), "cublasCreate") ||
      !cublas_ok(cublasSetStream(h, st), "cublasSetStream"))
    return 1;
  cublasGetVersion(h, &cublas_ver);
  std::printf("device: %s (sm_%d%d, %d SMs, L2 %d MB); CUDA runtime %d, driver %d, cuBLAS %d\n", prop.name,
              prop.major, prop.minor, prop.multiProcessorCount, prop.l2CacheSize >> 20, rt, drv, cublas_ver);
  std::printf("timing: CUDA events around each call, median of %d interleaved rounds after warm-up; "
              "L2 not flushed between calls\n",
              iters);

  bool ok = true;
  for (const Size& s : sizes) {
    // A size no variant takes (mma_gemm: M, N % 128, K % 32; ragged_gemm: K % 8).
    if ((s.M % 128 || s.N % 128 || s.K % 32) && !(kHaveRagged && s.K % 8 == 0)) {
      std::printf("\n== M=%d N=%d K=%d: skipped (no variant takes it)\n", s.M, s.N, s.K);
      ok = false;
      continue;
    }
    ok &= bench(h, st, s, iters);
  }
  cublasDestroy(h);
  cudaStreamDestroy(st);
  std::printf("\nbench: %s\n", ok ? "all sizes matched cuBLAS" : "FAIL");
  return ok ? 0 : 1;
}
