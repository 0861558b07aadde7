// The write happens in the last iteration (l == 1): no later iteration's barrier runs
// after it, so the read after the loop races with it.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 'u'
// CHECK: note: for example with the first access at l = 1
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float u[32];
  for (int l = 0; l < 2; ++l) {
    [[exo::sync(block)]];
    if (l == 1) {
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) u[t] = x[t];
    }
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = u[31 - t];
}
