// `k < 4u` compares k as unsigned: k = -1 is 4294967295, so the loop runs zero times and
// its barrier never executes. Counting it as executed (a signed trip count of 5) would
// accept a race between the write of s[t] and the read of s[31 - t].
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 's'
// CHECK-NOT: error:
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[32];
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) s[t] = x[t];
  for (int k = -1; k < 4u; ++k) {
    [[exo::sync(block)]];
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = s[31 - t];
}
