// two threads write the same element: s[t % 128]
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+9]]:7: error: data race on 's'
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      s[t % 128] = x[b * 256 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + t] = s[t];
  }
}
