// err_attr_unknown: a misspelled [[exo::...]] attribute is an error (plain clang only warns
// and ignores it, which would silently turn a parallel loop into a sequential one).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
#ifdef FIXED
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
#else
    // CHECK: err_attr_unknown.cpp:[[@LINE+1]]:7: error: unknown attribute 'exo::paralel'; exo provides 'kernel', 'parallel', 'shared', 'registers' and 'sync'
    [[exo::paralel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
#endif
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
