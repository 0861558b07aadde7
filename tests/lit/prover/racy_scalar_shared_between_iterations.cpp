// a block-scope scalar accumulated by a thread loop
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+9]]:7: error: 'sum' is declared outside this 'thread' loop
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    float sum = 0.f;
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      sum += x[b * 256 + t];
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
      y[b] = sum;
  }
}
