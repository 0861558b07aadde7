// GPU check of the sparse sample: the generated launchers against the sequential kernels
// (run on the CPU) on the same random inputs, at several sizes.
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/sparse.cu"' gpu_main.cu
#include <exo/exo.hpp>

#include "../common/gpu_util.cuh"
#include "sparse_data.hpp"

namespace cpu {
#include "sparse.exo.cpp"  // the sequential specification: cpu::spmv_csr, cpu::histogram, cpu::scatter_add
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/sparse.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launchers: ::spmv_csr(..., cudaStream_t), ::histogram(...), ::scatter_add(...)

static bool spmv(cudaStream_t st, int rows, int cols, int avg) {
  gpu::Case c("sparse/spmv", gpu::fmt("rows=%d cols=%d avg=%d", rows, cols, avg));
  const sparse::Csr m = sparse::random_csr(rows, cols, avg, 5);
  std::vector<float> x(cols);
  sample::fill_random(x, 6);
  std::vector<float> ref(rows);
  cpu::spmv_csr(rows, m.nnz, cols, m.rowptr.data(), m.col.data(), m.val.data(), x.data(), ref.data());

  const int* drowptr = c.upload(m.rowptr);
  const int* dcol = c.upload(m.col);
  const float* dval = c.upload(m.val);
  const float* dx = c.upload(x);
  float* dy = c.poisoned<float>(rows);
  if (c.ok()) c.launched(::spmv_csr(rows, m.nnz, cols, drowptr, dcol, dval, dx, dy, st), st);
  // The GPU sums each row in the same order as the CPU, but nvcc contracts each
  // `sum += val * x` into one fused multiply-add: not the same roundings (1e-6 failed the
  // largest size on the H200, max-elementwise).
  return c.finish(c.download(dy, rows), ref, 1e-5);
}

static bool histogram(cudaStream_t st, int n) {
  gpu::Case c("sparse/histogram", gpu::fmt("n=%d", n));
  const std::vector<unsigned char> x = sparse::random_bytes(n, 7);
  std::vector<unsigned> start(256);
  for (int i = 0; i < 256; ++i) start[i] = 1000u * static_cast<unsigned>(i);  // added to, not replaced
  std::vector<unsigned> ref = start;
  cpu::histogram(n, x.data(), ref.data());

  const unsigned char* dx = c.upload(x);
  unsigned* dbins = c.upload(start);
  if (c.ok()) c.launched(::histogram(n, dx, dbins, st), st);
  return c.finish(sparse::as_float(c.download(dbins, 256)), sparse::as_float(ref), -1);  // exact
}

// Random values into m elements from n (rel. error: the GPU adds in another order); then
// 256 subnormals into one element, which every order sums exactly (the float atomicAdd
// of sm_90 flushed each to zero).
static bool scatter(cudaStream_t st, int n, int m, bool subnormal) {
  gpu::Case c("sparse/scatter", gpu::fmt(subnormal ? "n=%d m=%d subnormal" : "n=%d m=%d", n, m));
  std::vector<int> idx(n);
  std::vector<float> v(n), start(m);
  if (subnormal) {
    for (int i = 0; i < n; ++i) idx[i] = 0, v[i] = 1e-40f;
  } else {
    uint32_t s = 99;
    for (int i = 0; i < n; ++i) s = s * 1664525u + 1013904223u, idx[i] = static_cast<int>(s >> 8) % (m + 64) - 32;
    sample::fill_random(v, 8);
    sample::fill_random(start, 9);
  }
  std::vector<float> ref = start;
  cpu::scatter_add(n, m, idx.data(), v.data(), ref.data());
  const int* didx = c.upload(idx);
  const float* dv = c.upload(v);
  float* dout = c.upload(start);
  if (c.ok()) c.launched(::scatter_add(n, m, didx, dv, dout, st), st);
  return c.finish(c.download(dout, m), ref, subnormal ? -1 : 1e-5);
}

static bool rejects(cudaStream_t st) {
  gpu::Case c("sparse/histogram", "n=1000");
  const unsigned char* dx = c.poisoned<unsigned char>(1024);
  unsigned* dbins = c.poisoned<unsigned>(256);
  return c.expect_rejected(c.ok() ? ::histogram(1000, dx, dbins, st) : cudaSuccess);  // n % 256 != 0
}

int main() {
  cudaStream_t st = gpu::make_stream("sparse");
  if (!st) return 1;
  bool ok = true;
  ok &= spmv(st, 128, 300, 4);
  ok &= spmv(st, 128 * 37, 5000, 9);
  if (!gpu::small_only()) ok &= spmv(st, 128 * 4096, 1 << 20, 16);
  ok &= histogram(st, 256);
  ok &= histogram(st, 256 * 37);
  if (!gpu::small_only()) ok &= histogram(st, 1 << 26);  // 2^26 additions onto 256 bins
  ok &= scatter(st, 256, 1, true);
  ok &= scatter(st, 256 * 37, 1000, false);
  if (!gpu::small_only()) ok &= scatter(st, 1 << 24, 1 << 16, false);
  ok &= rejects(st);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
