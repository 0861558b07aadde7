// The barrier runs only in the last iteration: the reads of iterations 0 and 1 are not
// ordered after the writes before the loop (and a barrier of a *later* iteration does
// not order them).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[128];
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[t];
  for (int l = 0; l < 3; ++l) {
    if (l == 2) {
      [[exo::sync(block)]];
    }
    // CHECK: racy_conditional_sync_later_iteration.cpp:[[@LINE+1]]:78: error: data race on 's'
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[l * 128 + t] = s[127 - t];
  }
}
// CHECK: note: for example with the second access at l = {{[01]}}
