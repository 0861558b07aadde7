// err_memory_placement: shared and distributed-register arrays are per-block objects,
// declared at block scope (not inside a thread loop).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef FIXED
    [[exo::shared]] float s[32];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
#ifndef FIXED
      // CHECK: err_memory_placement.cpp:[[@LINE+1]]:23: error: 'exo::shared' array 's' must be declared directly in the body of the innermost block loop (not inside a thread, warp or sequential loop, nor an 'if')
      [[exo::shared]] float s[32];
#endif
      s[t] = 1.f;
      out[b * 32 + t] = s[t];
    }
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
