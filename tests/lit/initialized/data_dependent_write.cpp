// A write under a condition on the data may not run: the read is not proven covered.
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 32);
  exo::extent(y, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float r[1];
    if (x[b * 32 + t] > 0.f) r[0] = x[b * 32 + t];
    y[b * 32 + t] = r[0];
    // CHECK: data_dependent_write.cpp:[[@LINE-1]]:21: error: cannot prove that 'r[0]' reads a value written before it
  }
}
// CHECK: 1 error generated.
