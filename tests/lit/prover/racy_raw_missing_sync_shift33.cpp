// missing RAW sync: thread t reads what thread t+33 wrote
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+11]]:24: error: data race on 's'
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      s[t] = x[b * 256 + t];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + t] = s[(t + 33) % 256];
  }
}
