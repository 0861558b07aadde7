// The unevaluated arm of a select must not hide an out-of-bounds read (m == 0 reads x[n * 128]).
// Found by a review (2026-11-30): accepted while the other arm's '3 % m' assumed m != 0.
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, int m, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096 && m >= 0 && m <= 4);
  exo::extent(x, n * 128);
  exo::extent(y, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    y[b * 32 + t] = x[m == 0 ? n * 128 : 3 % m];
  }
}
// CHECK: racy_bounds_select_arm.cpp:11:23: error: index 'm == 0 ? n * 128 : 3 % m' (= 128) of 'x' out of bounds (extent 128) for thread (0) of block (0)
// CHECK: 1 error generated.
