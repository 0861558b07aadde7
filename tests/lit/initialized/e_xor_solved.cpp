// A write loop solved from the element to a value outside its range, through a bitwise guard.
// Found by a review (2026-11-30): accepted before the encoder's side conditions were made conditional.
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 1024);
  exo::extent(y, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float a[8];
    for (int i = 0; i < 4; ++i)
      if ((t ^ i) < 32) a[i] = x[(b * 32 + (t ^ i)) * 8 + i];
    y[b * 32 + t] = a[t % 8];
  }
}
// CHECK: e_xor_solved.cpp:14:21: error: cannot prove that 'a[t % 8]' reads a value written before it
// CHECK: 1 error generated.
