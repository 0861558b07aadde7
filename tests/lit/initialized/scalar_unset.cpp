// A scalar declared without a value and added to before any assignment; and one set
// in the first iteration only, through a select (accepted).
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 256);
  exo::extent(y, n * 64);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float s;
    for (int k = 0; k < 8; ++k) s += x[(b * 32 + t) * 8 + k];
    // CHECK: scalar_unset.cpp:[[@LINE-1]]:33: error: cannot prove that 's' reads a value written before it: no write of it earlier in its thread covers every execution of the read; write 's' before reading it
    // CHECK: scalar_unset.cpp:11:11: note: 's' declared here
    y[b * 32 + t] = s;
    float u;
    for (int k = 0; k < 8; ++k) u = (k == 0 ? 0.f : u) + x[(b * 32 + t) * 8 + k];
    y[n * 32 + b * 32 + t] = u;
  }
}
// CHECK: 1 error generated.
