// A loop with step 2 writes the even elements only; the odd ones are read unset.
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 256);
  exo::extent(y, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float r[8];
    for (int e = 0; e < 8; e += 2) r[e] = x[(b * 32 + t) * 8 + e];
    float s = 0.f;
    for (int e = 0; e < 8; ++e) s += r[e];
    // CHECK: step_skips_elements.cpp:[[@LINE-1]]:38: error: cannot prove that 'r[e]' reads a value written before it
    y[b * 32 + t] = s;
  }
}
// CHECK: 1 error generated.
