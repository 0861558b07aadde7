// err_sync_outside_scope: a warpgroup barrier needs an enclosing warpgroup loop.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = 1.f;
#ifdef FIXED
    [[exo::sync(block)]];
#else
    // CHECK: err_sync_outside_scope.cpp:[[@LINE+1]]:5: error: 'exo::sync(warpgroup)' here is not inside a warpgroup: put it inside an '{{\[\[}}exo::parallel(warpgroup)]]' loop
    [[exo::sync(warpgroup)]];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) out[b * 128 + t] = s[127 - t];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
