// A kernel's pointer parameter marked [[exo::reduce(add)]] is a sum that every thread and
// block may add to: each access is the target of a '+=', which the GPU performs as one
// atomicAdd of the value converted to the element's type. Two such additions commute, so
// they are no race, in one block or across blocks (docs/prover.md, "Atomic
// reductions"). A histogram of input bytes, column sums into a float vector with a
// 64-bit count; the emulation test runs them against the sequential program, and nvcc
// compiles the CUDA for sm_90a.
// RUN: %exo-cuda --check-only %s -- -I%exo-include
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -std=c++17 -gencode=arch=compute_90a,code=sm_90a -c %t.cu -o %t.o %}
#include <exo/exo.hpp>

[[exo::kernel]]
void histogram(int n, const unsigned char* __restrict__ x, [[exo::reduce(add)]] unsigned* __restrict__ bins) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(x, n);
  exo::extent(bins, 256);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    // CHECK: atomicAdd(&bins[x[b * 64 + t]], static_cast<unsigned>(1));  // {{\[\[}}exo::reduce(add)]]
    bins[x[b * 64 + t]] += 1;
}

[[exo::kernel]]
void column_sums(int n, const float* __restrict__ a, [[exo::reduce(add)]] float* __restrict__ sums,
                 [[exo::reduce(add)]] long* __restrict__ count) {
  exo::assume(n % 64 == 0 && n <= 4096);
  exo::extent(a, n, n);
  exo::extent(sums, n);
  exo::extent(count, 1);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int r = 0; r < n; ++r) {
      // CHECK: exo_atomic_add_exact(&sums[b * 64 + t], static_cast<float>(a[r * n + b * 64 + t]));
      sums[b * 64 + t] += a[r * n + b * 64 + t];
      // CHECK: atomicAdd(reinterpret_cast<unsigned long long*>(&count[0]), static_cast<unsigned long long>(1));
      count[0] += 1;
    }
}

// Integer data in any integer type: C++ adds modulo 2^32 after converting, as atomicAdd.
[[exo::kernel]]
void signed_bins(int n, const int* __restrict__ x, const long* __restrict__ w, [[exo::reduce(add)]] int* __restrict__ bins) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(x, n);
  exo::extent(w, n);
  exo::extent(bins, 16);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int v = x[b * 64 + t];
    // CHECK: atomicAdd(&bins[v & 15], static_cast<int>(w[b * 64 + t]));
    bins[v & 15] += w[b * 64 + t];
  }
}
