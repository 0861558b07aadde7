// err_attr_subject (from the parser): 'exo::shared' on a scalar, not an array.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef FIXED
    [[exo::shared]] float s[1];
#else
    // CHECK: err_attr_subject_scalar.cpp:[[@LINE+1]]:7: error: 'exo::shared' applies only to array declarations
    [[exo::shared]] float s;
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
