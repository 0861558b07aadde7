// c ^ 32 for c < 32 is 32..63: past the end of s[.][32]. The bound is proven violated
// with a real thread, not refused.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: {{.*}}out of bounds
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[32][32];
  [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c)
    s[r][c ^ 32] = x[r * 32 + c];
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r) y[r] = s[r][0];
}
