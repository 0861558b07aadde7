// `long long` parameters keep their spelling in the kernel and the launcher (they were
// printed as `long`: a user's own declaration of the launcher, `cudaError_t k(long long,
// ...)`, named another function and did not link). Same 64 bits to the prover.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -std=c++17 -gencode=arch=compute_90a,code=sm_90a -c %t.cu -o %t.o %}
// CHECK: __global__ void __launch_bounds__(32) fill_kernel(long long n, unsigned long long seed, long long* __restrict__ out) {
// CHECK: cudaError_t fill(long long n, unsigned long long seed, long long* __restrict__ out, cudaStream_t stream = 0) {
#include <exo/exo.hpp>

[[exo::kernel]] void fill(long long n, unsigned long long seed, long long* __restrict__ out) {
  exo::assume(n >= 0 && n <= 1024);
  exo::extent(out, n * 32);
  [[exo::parallel(block)]] for (long long b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      out[b * 32 + t] = static_cast<long long>(seed % 1000) + b * 32 + t;
}
