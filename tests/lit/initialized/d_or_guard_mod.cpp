// The right operand of || (t % m when m == 0) is not evaluated: its divisor fact must not exclude the read.
// Found by a review (2026-11-30): accepted before the encoder's side conditions were made conditional.
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, int m, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096 && m >= 0 && m <= 4);
  exo::extent(x, n * 128);
  exo::extent(y, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float a[4];
    for (int i = 0; i < m; ++i) a[i] = x[(b * 32 + t) * 4 + i];
    if (m == 0 || t % m == 0) y[b * 32 + t] = a[0];
  }
}
// CHECK: d_or_guard_mod.cpp:13:47: error: cannot prove that 'a[0]' reads a value written before it
// CHECK: 1 error generated.
