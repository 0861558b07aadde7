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
#include <memory>
#include <string>
#include <vector>

#include "../common/bench_util.cuh"
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
#ifdef EXO_GENERATED_PERSISTENT
#include <exo/sm90.hpp>
#include EXO_GENERATED_PERSISTENT  // ::persistent_gemm(..., cudaStream_t): hopper_gemm, one block per SM running tiles
#endif
#ifdef EXO_GENERATED_CLUSTER
#include <exo/sm90.hpp>
#include EXO_GENERATED_CLUSTER  // ::cluster_gemm(..., cudaStream_t): hopper_gemm by clusters of 2 sharing B (multicast)
#endif
#ifdef EXO_GENERATED_CLUSTER2D
#include <exo/sm90.hpp>
#include EXO_GENERATED_CLUSTER2D  // ::cluster2d_gemm(..., cudaStream_t): clusters of 2 x 2 sharing A and B (multicast)
#endif
#ifdef EXO_GENERATED_RAGGED
#include <exo/sm90.hpp>
#include EXO_GENERATED_RAGGED  // ::ragged_gemm(..., cudaStream_t): hopper_gemm for any M, N, K % 8
#endif

#ifdef EXO_GENERATED_SPLITK
#include <exo/sm90.hpp>
#include EXO_GENERATED_SPLITK  // ::splitk_gemm(..., cudaStream_t): C += A * B^T over 4 shares of K
#endif

namespace {

using bf16 = __nv_bfloat16;

#ifdef EXO_GENERATED_SPLITK
// splitk_gemm adds to C: zero it first (inside the timed call, as a user must).
cudaError_t splitk_zeroed(int M, int N, int K, const bf16* A, const bf16* B, float* C, cudaStream_t st) {
  cudaError_t e = cudaMemsetAsync(C, 0, static_cast<size_t>(M) * N * sizeof(float), st);
  return e != cudaSuccess ? e : ::splitk_gemm(M, N, K, A, B, C, st);
}
#endif

using bench::cublas_gemm;
using bench::cublas_ok;
using bench::cuda_ok;
using bench::median;
using bench::parse;
using Size = bench::Shape;

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


// Our variants: the generated launchers present in this build (EXO_GENERATED*), each with
// the sizes its assumes take; a size it refuses is timed without it. The cuBLAS anchors
// follow them.
using Launcher = cudaError_t (*)(int, int, int, const bf16*, const bf16*, float*, cudaStream_t);
struct Ours {
  const char* name;
  Launcher launch;
  bool (*takes)(int M, int N, int K);
};
bool tiles128x256x64(int M, int N, int K) { return M % 128 == 0 && N % 256 == 0 && K % 64 == 0; }
const Ours kOurs[] = {
    {"mma_gemm", ::mma_gemm, [](int M, int N, int K) { return M % 128 == 0 && N % 128 == 0 && K % 32 == 0; }},
#ifdef EXO_GENERATED_WGMMA
    {"wgmma_gemm", ::wgmma_gemm, tiles128x256x64},
#endif
#ifdef EXO_GENERATED_HOPPER
    {"hopper_gemm", ::hopper_gemm, tiles128x256x64},
#endif
#ifdef EXO_GENERATED_TMA
    {"tma_gemm", ::tma_gemm, tiles128x256x64},
#endif
#ifdef EXO_GENERATED_PERSISTENT
    {"persistent_gemm", ::persistent_gemm, [](int M, int N, int K) {
       return M % 128 == 0 && N % 256 == 0 && K % 256 == 0 && K <= 32768 && M <= 32768 && N <= 65536; }},
#endif
#ifdef EXO_GENERATED_CLUSTER
    {"cluster_gemm", ::cluster_gemm, [](int M, int N, int K) { return M % 256 == 0 && N % 256 == 0 && K % 64 == 0; }},
#endif
#ifdef EXO_GENERATED_CLUSTER2D
    {"cluster2d_gemm", ::cluster2d_gemm, [](int M, int N, int K) { return M % 256 == 0 && N % 512 == 0 && K % 64 == 0; }},
#endif
#ifdef EXO_GENERATED_SPLITK
    {"splitk_gemm", splitk_zeroed,
     [](int M, int N, int K) {  // splitk_gemm's exo::assume conditions
       return M % 128 == 0 && N % 256 == 0 && K % 256 == 0 && M <= 32768 && N <= 65536 && K <= 65536 &&
              (M <= 16384 || K <= 32768) && (N <= 32768 || K <= 32768);
     }},
#endif
#ifdef EXO_GENERATED_RAGGED
    {"ragged_gemm", ::ragged_gemm, [](int, int, int K) { return K % 8 == 0; }},  // any M, N
#endif
};
constexpr int kNumOurs = static_cast<int>(sizeof(kOurs) / sizeof(kOurs[0]));
constexpr int kCublasF32 = kNumOurs, kCublasBf16 = kNumOurs + 1, kVariants = kNumOurs + 2;

bool anyTakes(const Size& s) {
  for (const Ours& o : kOurs)
    if (o.takes(s.M, s.N, s.K)) return true;
  return false;
}

bool bench_size(cublasHandle_t h, cudaStream_t st, const Size& sz, int iters) {
  const int M = sz.M, N = sz.N, K = sz.K;
  std::printf("\n== M=%d N=%d K=%d (%.1f GFLOP per call)\n", M, N, K, 2.0 * M * N * K / 1e9);
  const std::size_t nA = static_cast<std::size_t>(M) * K, nB = static_cast<std::size_t>(N) * K,
                    nC = static_cast<std::size_t>(M) * N;
  std::vector<float> Af(nA), Bf(nB);
  sample::fill_random(Af, 41);
  sample::fill_random(Bf, 42);
  const std::vector<bf16> A = sample::convert<bf16>(Af), B = sample::convert<bf16>(Bf);

  DeviceArray<bf16> dA(nA), dB(nB), dCh(nC);
  DeviceArray<float> dCref(nC);
  std::vector<std::unique_ptr<DeviceArray<float>>> dC;  // one output per variant of ours
  bool runs[kVariants];
  for (int v = 0; v < kVariants; ++v) runs[v] = v >= kNumOurs || kOurs[v].takes(M, N, K);
  if (!dA.p || !dB.p || !dCh.p || !dCref.p) return false;
  if (!cuda_ok(cudaMemcpy(dA.p, A.data(), nA * sizeof(bf16), cudaMemcpyHostToDevice), "upload A") ||
      !cuda_ok(cudaMemcpy(dB.p, B.data(), nB * sizeof(bf16), cudaMemcpyHostToDevice), "upload B"))
    return false;
  for (int v = 0; v < kNumOurs; ++v) {
    dC.push_back(std::make_unique<DeviceArray<float>>(nC));
    if (!dC.back()->p || !cuda_ok(cudaMemset(dC.back()->p, 0xFF, nC * sizeof(float)), "poison C"))  // NaN: unwritten fails
      return false;
  }

  auto launch = [&](int v) -> bool {
    if (!runs[v]) return true;
    if (v < kNumOurs) return cuda_ok(kOurs[v].launch(M, N, K, dA.p, dB.p, dC[v]->p, st), kOurs[v].name);
    if (v == kCublasF32) return cublas_ok(cublas_gemm(h, M, N, K, dA.p, dB.p, dCref.p, CUDA_R_32F), "cublasGemmEx f32");
    return cublas_ok(cublas_gemm(h, M, N, K, dA.p, dB.p, dCh.p, CUDA_R_16BF), "cublasGemmEx bf16");
  };

  // Correctness, once: ours against cuBLAS f32 (and cuBLAS bf16 against it, as a sanity
  // check of the anchor). The first calls are also the warm-up.
  for (int v = 0; v < kVariants; ++v)
    if (!launch(v)) return false;
  if (!cuda_ok(cudaStreamSynchronize(st), "kernels")) return false;
  std::vector<float> ref(nC), ours(nC);
  std::vector<bf16> half(nC);
  if (!cuda_ok(cudaMemcpy(ref.data(), dCref.p, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") ||
      !cuda_ok(cudaMemcpy(half.data(), dCh.p, nC * sizeof(bf16), cudaMemcpyDeviceToHost), "download"))
    return false;
  bool match = true;
  for (int v = 0; v < kNumOurs; ++v) {
    if (!runs[v]) {
      std::printf("check: %-12s vs cuBLAS f32: not run (size)\n", kOurs[v].name);
      continue;
    }
    if (!cuda_ok(cudaMemcpy(ours.data(), dC[v]->p, nC * sizeof(float), cudaMemcpyDeviceToHost), "download")) return false;
    const double err = sample::rel_error(ours, ref), maxerr = sample::max_error(ours, ref);
    const bool ok = err <= 1e-2 && maxerr <= 1e-2;
    match = match && ok;
    std::printf("check: %-12s vs cuBLAS f32: rel.error %.3e, max rel.error %.3e: %s\n", kOurs[v].name, err, maxerr,
                ok ? "PASS" : "FAIL");
  }
  std::printf("check: cuBLAS bf16 vs cuBLAS f32: rel.error %.3e (the bf16 rounding of C)\n",
              sample::rel_error(sample::convert<float>(half), ref));

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
  std::vector<std::vector<float>> ms(kVariants);
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
  std::vector<double> tflops(kVariants, 0.0);
  for (int v = 0; v < kVariants; ++v) {
    if (!runs[v]) continue;
    const double med = median(ms[v]);
    const auto mm = std::minmax_element(ms[v].begin(), ms[v].end());
    tflops[v] = flop / (med * 1e-3) / 1e12;
    const std::string name = v < kNumOurs   ? std::string("ours (exo ") + kOurs[v].name + ")"
                             : v == kCublasF32 ? "cuBLAS bf16->f32"
                                               : "cuBLAS bf16->bf16";
    std::printf("%-24s median %8.3f ms  (min %.3f, max %.3f)  %7.1f TFLOP/s\n", name.c_str(), med, *mm.first, *mm.second,
                tflops[v]);
  }
  // One line per size for scripts: every variant's TFLOP/s (0: not run at this size), the
  // anchors, and each of ours over cuBLAS f32 and cuBLAS bf16.
  std::printf("RESULT M=%d N=%d K=%d |", M, N, K);
  for (int v = 0; v < kNumOurs; ++v) std::printf(" %s %.1f |", kOurs[v].name, tflops[v]);
  std::printf(" cublas_f32 %.1f | cublas_bf16 %.1f TFLOP/s |", tflops[kCublasF32], tflops[kCublasBf16]);
  for (int v = 0; v < kNumOurs; ++v)
    std::printf(" %s ratio %.3f / %.3f |", kOurs[v].name, tflops[v] / tflops[kCublasF32], tflops[v] / tflops[kCublasBf16]);
  std::printf(" check %s\n", match ? "PASS" : "FAIL");
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
  const int iters = bench::iterations();
  bench::Session session;
  if (!session.open()) return 1;
  const cudaDeviceProp& prop = session.prop;
  cudaStream_t st = session.st;
  cublasHandle_t h = session.h;
  std::printf("timing: CUDA events around each call, median of %d interleaved rounds after warm-up; "
              "L2 not flushed between calls\n",
              iters);

  bool ok = true;
  for (const Size& s : sizes) {
    if (!anyTakes(s)) {
      std::printf("\n== M=%d N=%d K=%d: skipped (no variant takes it)\n", s.M, s.N, s.K);
      ok = false;
      continue;
    }
    ok &= bench_size(h, st, s, iters);
  }
  std::printf("\nbench: %s\n", ok ? "all sizes matched cuBLAS" : "FAIL");
  return ok ? 0 : 1;
}
