// Printing keeps C++ meaning: -(-v) is not --v, literal suffixes and hex keep their
// types, constexpr unsigned constants keep theirs, a `{ }` keeps its scope, and the
// block body may shadow a parameter.
// RUN: %exo-cuda %s | FileCheck %s
#include <exo/exo.hpp>

constexpr unsigned kW = 8;

[[exo::kernel]]
void k(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    const float a = 2.f;  // shadows the parameter
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      float v = x[b * 32 + t];
      float w = -(-v) + a;
      {
        float a2 = 1.f;
        w += a2;
      }
      if (t - 2 < 6u) w += 1.f;
      w += (float)(0xFFFFFFFFu / 2u) + (float)((t - 5) / kW);
      y[b * 32 + t] = w;
    }
  }
}
// CHECK: __global__ void __launch_bounds__(32) k_kernel(int n, float a,
// CHECK: const int b = (int)(exo_block);
// CHECK-NEXT: {
// CHECK: const float a = 2.f;
// CHECK: float w = -(-v) + a;
// CHECK: {
// CHECK-NEXT: #line
// CHECK-NEXT: float a2 = 1.f;
// CHECK: }
// CHECK: if (t - 2 < 6u) {
// CHECK: w += (float)(0xFFFFFFFFu / 2u) + (float)((t - 5) / 8u);
