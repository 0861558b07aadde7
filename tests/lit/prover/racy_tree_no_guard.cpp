// tree reduction without the guard
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+12]]:19: error: 
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t] = x[b * 256 + t];
    [[exo::sync(block)]];
    for (int l = 0; l < 8; ++l) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
        if (true) s[t] += s[t + (128 >> l)];
      [[exo::sync(block)]];
    }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[b] = s[0];
  }
}
