// err_assume_placement: exo::assume is a launch precondition, so it must come first.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
#ifdef FIXED
  exo::assume(n > 0);
  exo::assume(n <= 65536);
#endif
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifndef FIXED
    // CHECK: err_assume_placement.cpp:[[@LINE+1]]:5: error: 'exo::assume' must be at the top of the kernel body, before the first loop
    exo::assume(n > 0);
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
