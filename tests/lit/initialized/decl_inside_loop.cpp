// An array declared inside a loop is a new array each iteration: what iteration 0
// wrote is gone in iteration 1 (in C++; on the GPU the registers may still hold it).
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 256);
  exo::extent(y, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float s = 0.f;
    for (int e = 0; e < 8; ++e) {
      float r[1];
      if (e == 0) r[0] = x[(b * 32 + t) * 8];
      s += r[0];
      // CHECK: decl_inside_loop.cpp:[[@LINE-1]]:12: error: cannot prove that 'r[0]' reads a value written before it
    }
    y[b * 32 + t] = s;
  }
}
// CHECK: 1 error generated.
