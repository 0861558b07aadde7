// blocks write overlapping global elements: y[(b / 2) * 256 + t]
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+8]]:7: error: blocks (
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[(b / 2) * 256 + t] = x[b * 256 + t];
  }
}
