// loop-carried WAR with a symbolic trip count
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+11]]:9: error: data race on 's'
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) y[b * 256 + t] = 0.f;
    for (int k0 = 0; k0 < n; k0 += 256) {
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
        s[t] = x[b * 256 + t] * k0;
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
        y[b * 256 + t] += s[255 - t];
    }
  }
}
