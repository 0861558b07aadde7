// err_attr_subject: each attribute applies to one kind of declaration or statement.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef FIXED
    [[exo::shared]] float s[32];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) s[t] = 1.f;
    [[exo::sync(block)]];
#else
    // CHECK: err_attr_subject.cpp:[[@LINE+1]]:7: error: 'exo::kernel' applies only to function definitions
    [[exo::kernel]] float s[32];
    // CHECK: err_attr_subject.cpp:[[@LINE+1]]:7: error: 'exo::parallel' applies only to 'for' loops
    [[exo::parallel(thread)]] { s[0] = 1.f; }
    // CHECK: err_attr_subject.cpp:[[@LINE+1]]:7: error: 'exo::sync' applies only to empty statements ('{{\[\[}}exo::sync(block)]];')
    [[exo::sync(block)]] s[1] = 1.f;
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = s[31 - t];
  }
}
// CHECK-NOT: error:
// CHECK: 3 errors generated.
