// the guard t < 17 does not keep s[16 - t] in bounds: t = 0 reads s[16]
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+9]]:23: error: index '16 - t' (= 16) of 's' out of bounds (extent 16)
#include <exo/exo.hpp>

[[exo::kernel]]
void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[16];
  [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) s[t] = x[t];
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    y[t] = t < 17 ? s[16 - t] : 0.f;
}
