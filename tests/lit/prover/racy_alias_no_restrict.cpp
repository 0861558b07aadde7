// pointer parameters without __restrict__, one written
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+8]]:7: error: 'y' and 'x' may alias
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* x, float* y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + t] = x[b * 256 + t];
  }
}
