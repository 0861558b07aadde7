// gemm_bench: exo-cuda's GEMM (the exo_gemm dispatcher over the generated samples) against
// cuBLAS over the issue's sweep of shapes, in one process, on the same random inputs.
//
// For each input type (bf16, fp16, then f32 multiplied as tf32) and each shape: C = A * B^T with A (M x K) and B
// (N x K) of that type, f32 accumulation and an f32 C, all row-major.
//   exo        exo_gemm::gemm (samples/common/exo_gemm.cuh picks tma_gemm, persistent_gemm,
//              skinny_gemm, splitk_gemm or ragged_gemm; split-k's zeroing of C is inside the timed call)
//   cuBLAS f32 cublasGemmEx, the same A/B type, f32 C, CUBLAS_COMPUTE_32F: the same operation
//   cuBLAS 16  the same with a C of the input type (half the output bytes): the faster anchor
// Method: every call checked once (exo against cuBLAS f32: ||exo - ref|| / ||ref|| <=
// 1e-2), three warm-up rounds, then ITERS interleaved rounds of (exo, cuBLAS f32, cuBLAS
// 16), each call between its own pair of CUDA events; the median is reported as
// TFLOP/s = 2 M N K / time. When one input set (A, B, C) is smaller than 4x the L2 cache,
// the rounds rotate through enough sets to exceed it, so no call finds its inputs in L2
// from the previous one (all three libraries alike).
//
// Output: a header, one table row per shape as it finishes, a summary (median ratio),
// and with --csv FILE the rows as CSV (scripts/plot-gemm-bench draws them).
// Usage: gemm_bench [--csv FILE] [--variant NAME] [SHAPE...]   SHAPE is S (S^3) or MxNxK;
//        default: the sweep. --variant (tma_gemm, persistent_gemm, splitk_gemm, ragged_gemm,
//        persistent_cluster_gemm, persistent_cluster2d_gemm, skinny_gemm)
//        times that variant instead of the dispatcher's choice (for comparing variants;
//        shapes outside its conditions are NOT COVERED).
// Environment: EXO_BENCH_ITERS (timed rounds, default 30, at least 20).
// Exit status: 0 when every shape ran and matched cuBLAS; 1 otherwise.
// Build: `cmake --build build --target gemm_bench` (bench/CMakeLists.txt: exo-cuda proves and
// generates the samples, nvcc compiles this against them: build/bench/gemm_bench), or
// scripts/gpu-gemm-bench from pre-generated .cu files (a GPU machine without Clang).
#include <cublas_v2.h>

#include <exo/sm90.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "../samples/common/bench_util.cuh"
#include "../samples/common/sample_util.hpp"

#if !defined(EXO_GENERATED_TMA) || !defined(EXO_GENERATED_SPLITK) || !defined(EXO_GENERATED_RAGGED) || \
    !defined(EXO_GENERATED_PERSISTENT) || !defined(EXO_GENERATED_PERSISTENT_CLUSTER) ||                    \
    !defined(EXO_GENERATED_PERSISTENT_CLUSTER2D) || !defined(EXO_GENERATED_SKINNY)
#error "compile with -DEXO_GENERATED_{TMA,SPLITK,RAGGED,PERSISTENT,PERSISTENT_CLUSTER,PERSISTENT_CLUSTER2D,SKINNY}='\"dir/<sample>.cu\"' (exo-cuda's output)"
#endif
#include EXO_GENERATED_TMA
#include EXO_GENERATED_PERSISTENT
#include EXO_GENERATED_PERSISTENT_CLUSTER
#include EXO_GENERATED_PERSISTENT_CLUSTER2D
#include EXO_GENERATED_SPLITK
#include EXO_GENERATED_RAGGED
#include EXO_GENERATED_SKINNY

#include "../samples/common/exo_gemm.cuh"

namespace {


using bench::cublas_gemm;
using bench::cublas_ok;
using bench::cuda_ok;
using bench::median;
using bench::parse;
using bench::Shape;

// One input set: A, B, and the three outputs.
template <class T>
struct Set {
  T *A = nullptr, *B = nullptr, *Ch = nullptr;
  float *C = nullptr, *Cref = nullptr;
  void release() {
    cudaFree(A), cudaFree(B), cudaFree(Ch), cudaFree(C), cudaFree(Cref);
  }
};

struct Row {
  const char* dtype = "";
  Shape s;
  std::string variant;
  double exo = 0, f32 = 0, typedC = 0, err = 0;
  int sets = 1;
  bool covered = true;  // an exo variant takes the shape
  bool ok = false;
};

exo_gemm::Variant forced = exo_gemm::Variant::None;  // --variant

template <class T>
bool run_shape(cublasHandle_t h, cudaStream_t st, const Shape& sh, int iters, int l2_bytes, Row& row) {
  const int M = sh.M, N = sh.N, K = sh.K;
  row.s = sh;
  const exo_gemm::Variant variant =
      forced == exo_gemm::Variant::None ? exo_gemm::choose_for<T>(M, N, K, exo_gemm::sm_count())
      : exo_gemm::admits(forced, M, N, K, static_cast<int>(sizeof(T))) ? forced
                                                                       : exo_gemm::Variant::None;
  row.variant = exo_gemm::name(variant);
  row.covered = variant != exo_gemm::Variant::None;  // else cuBLAS alone is timed
  const size_t nA = static_cast<size_t>(M) * K, nB = static_cast<size_t>(N) * K, nC = static_cast<size_t>(M) * N;
  const size_t set_bytes = (nA + nB) * sizeof(T) + nC * (2 * sizeof(float) + sizeof(T));
  row.sets = static_cast<int>(std::min<size_t>(8, std::max<size_t>(1, (4ull * l2_bytes + set_bytes - 1) / set_bytes)));

  std::vector<float> Af(nA), Bf(nB);
  sample::fill_random(Af, 41);
  sample::fill_random(Bf, 42);
  const std::vector<T> A = sample::convert<T>(Af), B = sample::convert<T>(Bf);
  std::vector<Set<T>> sets(row.sets);
  bool ok = true;
  for (Set<T>& s : sets) {
    ok = ok && cuda_ok(cudaMalloc(&s.A, nA * sizeof(T)), "cudaMalloc A") &&
         cuda_ok(cudaMalloc(&s.B, nB * sizeof(T)), "cudaMalloc B") &&
         cuda_ok(cudaMalloc(&s.Ch, nC * sizeof(T)), "cudaMalloc C") &&
         cuda_ok(cudaMalloc(&s.C, nC * sizeof(float)), "cudaMalloc C") &&
         cuda_ok(cudaMalloc(&s.Cref, nC * sizeof(float)), "cudaMalloc C") &&
         cuda_ok(cudaMemcpy(s.A, A.data(), nA * sizeof(T), cudaMemcpyHostToDevice), "upload A") &&
         cuda_ok(cudaMemcpy(s.B, B.data(), nB * sizeof(T), cudaMemcpyHostToDevice), "upload B") &&
         cuda_ok(cudaMemset(s.C, 0xFF, nC * sizeof(float)), "poison C");  // NaN: an unwritten element fails
  }
  auto launch = [&](int v, const Set<T>& s) -> bool {
    if (v == 0) return !row.covered || cuda_ok(exo_gemm::gemm_with(variant, M, N, K, s.A, s.B, s.C, st), "exo_gemm::gemm");
    if (v == 1) return cublas_ok(cublas_gemm(h, M, N, K, s.A, s.B, s.Cref, CUDA_R_32F), "cublasGemmEx f32");
    // A C of the input type: for f32 inputs that is the f32 C again (timed twice).
    return cublas_ok(cublas_gemm(h, M, N, K, s.A, s.B, s.Ch, bench::cuda_type<T>()), "cublasGemmEx 16-bit C");
  };

  // Correctness, once, on set 0; these calls are the first warm-up.
  for (int v = 0; v < 3 && ok; ++v) ok = launch(v, sets[0]);
  ok = ok && cuda_ok(cudaStreamSynchronize(st), "kernels");
  if (ok) {
    std::vector<float> exo(nC), ref(nC);
    ok = cuda_ok(cudaMemcpy(exo.data(), sets[0].C, nC * sizeof(float), cudaMemcpyDeviceToHost), "download") &&
         cuda_ok(cudaMemcpy(ref.data(), sets[0].Cref, nC * sizeof(float), cudaMemcpyDeviceToHost), "download");
    row.err = ok && row.covered ? sample::rel_error(exo, ref) : ok ? 0.0 : 1.0;
    row.ok = ok && row.err <= (std::is_same_v<T, float> ? 2e-3 : 1e-2);
  }
  for (int r = 0; r < 3 && ok; ++r)
    for (int v = 0; v < 3 && ok; ++v) ok = launch(v, sets[(r + 1) % sets.size()]);

  std::vector<cudaEvent_t> ev(static_cast<size_t>(6 * iters));
  for (cudaEvent_t& e : ev) ok = ok && cuda_ok(cudaEventCreate(&e), "cudaEventCreate");
  for (int i = 0; i < iters && ok; ++i)
    for (int v = 0; v < 3 && ok; ++v) {
      const size_t at = 2 * (static_cast<size_t>(i) * 3 + v);
      ok = cuda_ok(cudaEventRecord(ev[at], st), "cudaEventRecord") && launch(v, sets[i % sets.size()]) &&
           cuda_ok(cudaEventRecord(ev[at + 1], st), "cudaEventRecord");
    }
  ok = ok && cuda_ok(cudaStreamSynchronize(st), "kernels");
  std::vector<std::vector<float>> ms(3);
  for (int i = 0; i < iters && ok; ++i)
    for (int v = 0; v < 3 && ok; ++v) {
      const size_t at = 2 * (static_cast<size_t>(i) * 3 + v);
      float t = 0;
      ok = cuda_ok(cudaEventElapsedTime(&t, ev[at], ev[at + 1]), "cudaEventElapsedTime");
      ms[v].push_back(t);
    }
  for (cudaEvent_t e : ev) cudaEventDestroy(e);
  for (Set<T>& s : sets) s.release();
  if (!ok) return false;
  const double flop = 2.0 * M * N * K;
  row.exo = row.covered ? flop / (median(ms[0]) * 1e-3) / 1e12 : 0.0;
  row.f32 = flop / (median(ms[1]) * 1e-3) / 1e12;
  row.typedC = flop / (median(ms[2]) * 1e-3) / 1e12;
  return row.ok;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Shape> shapes;
  const char* csv_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
      csv_path = argv[++i];
      continue;
    }
    if (std::strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
      const std::string name = argv[++i];
      for (exo_gemm::Variant v : {exo_gemm::Variant::Tma, exo_gemm::Variant::Persistent, exo_gemm::Variant::SplitK,
                                  exo_gemm::Variant::Ragged, exo_gemm::Variant::PersistentCluster,
                                  exo_gemm::Variant::PersistentCluster2d, exo_gemm::Variant::Skinny})
        if (name == exo_gemm::name(v)) forced = v;
      if (forced == exo_gemm::Variant::None) {
        std::fprintf(stderr, "gemm_bench: unknown variant '%s'\n", name.c_str());
        return 2;
      }
      continue;
    }
    Shape s{};
    if (!parse(argv[i], s)) {
      std::fprintf(stderr, "gemm_bench: bad shape '%s' (S or MxNxK)\n", argv[i]);
      return 2;
    }
    shapes.push_back(s);
  }
  if (shapes.empty())
    shapes = {{2048, 2048, 2048},  {4096, 4096, 4096},  {6144, 6144, 6144},   {8192, 8192, 8192},
              {12288, 12288, 12288}, {16384, 16384, 16384}, {8192, 8192, 1024},   {1024, 1024, 32768},
              {2048, 2048, 65536}, {128, 8192, 8192},     {16384, 4096, 4096}};
  const int iters = bench::iterations();
  bench::Session session;
  if (!session.open()) return 1;
  const cudaDeviceProp& prop = session.prop;
  cudaStream_t st = session.st;
  cublasHandle_t h = session.h;
  std::printf("f32 accumulate and C. Median of %d interleaved rounds after warm-up, CUDA events; ratios:\n"
              "exo / cuBLAS with an f32 C (the same operation) and with a C of the input type (the faster anchor).\n",
              iters);
  FILE* csv = csv_path ? std::fopen(csv_path, "w") : nullptr;
  if (csv_path && !csv) {
    std::fprintf(stderr, "gemm_bench: cannot write '%s'\n", csv_path);
    return 2;
  }
  if (csv) std::fprintf(csv, "dtype,M,N,K,variant,exo_tflops,cublas_f32c_tflops,cublas_16c_tflops,ratio,ratio_16c,rel_error,check\n");
  bool all = true;
  auto sweep = [&](const char* dtype, auto element) {
    using T = decltype(element);
    std::printf("\n%-6s %-17s %-12s %5s %9s %9s %7s %9s %7s %10s\n", "dtype", "shape", "exo variant", "sets", "exo",
                "cuBLAS", "ratio", "cuBLAS16", "ratio16", "rel.err");
    std::vector<double> ratios, ratios16;
    for (const Shape& s : shapes) {
      Row r;
      r.dtype = dtype;
      const bool ok = run_shape<T>(h, st, s, iters, prop.l2CacheSize, r);
      all = all && ok;
      char shape[40];
      std::snprintf(shape, sizeof shape, "%dx%dx%d", s.M, s.N, s.K);
      const double ratio = r.f32 > 0 ? r.exo / r.f32 : 0.0, ratio16 = r.typedC > 0 ? r.exo / r.typedC : 0.0;
      std::printf("%-6s %-17s %-12s %5d %9.1f %9.1f %7.3f %9.1f %7.3f %10.2e %s\n", dtype, shape, r.variant.c_str(),
                  r.sets, r.exo, r.f32, ratio, r.typedC, ratio16, r.err,
                  !ok ? "FAIL" : r.covered ? "PASS" : "NOT COVERED (no exo variant takes this shape)");
      std::fflush(stdout);
      if (csv)
        std::fprintf(csv, "%s,%d,%d,%d,%s,%.1f,%.1f,%.1f,%.4f,%.4f,%.3e,%s\n", dtype, s.M, s.N, s.K, r.variant.c_str(),
                     r.exo, r.f32, r.typedC, ratio, ratio16, r.err, !ok ? "FAIL" : r.covered ? "PASS" : "NOT_COVERED");
      if (ok && r.covered) ratios.push_back(ratio), ratios16.push_back(ratio16);
    }
    std::printf("%s: median ratio %.3f (f32 C), %.3f (C of the input type) over the %zu shapes covered; min %.3f / %.3f\n", dtype,
                median(ratios), median(ratios16), ratios.size(),
                ratios.empty() ? 0.0 : *std::min_element(ratios.begin(), ratios.end()),
                ratios16.empty() ? 0.0 : *std::min_element(ratios16.begin(), ratios16.end()));
  };
  sweep("bf16", __nv_bfloat16{});
  sweep("fp16", __half{});
  sweep("tf32", float{});  // f32 inputs multiplied as tf32; cuBLAS with CUBLAS_COMPUTE_32F_FAST_TF32
  if (csv) std::fclose(csv);
  std::printf("gemm_bench: %s\n", all ? "every shape matched cuBLAS" : "FAIL");
  return all ? 0 : 1;
}
