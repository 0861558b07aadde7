// err_attr_unscoped: the attributes must be written with the exo:: scope.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifdef FIXED
[[exo::kernel]]
#else
// CHECK: err_attr_unscoped.cpp:[[@LINE+1]]:3: error: unscoped attribute 'kernel'; write '{{\[\[}}exo::kernel]]'
[[kernel]]
#endif
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
