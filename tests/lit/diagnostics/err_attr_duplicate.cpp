// err_attr_duplicate: two exo attributes of the same kind on one loop or array.
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
#else
    // CHECK: err_attr_duplicate.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'exo::registers' conflicts with 'exo::shared' on the same declaration; keep one
    [[exo::shared]] [[exo::registers]] float s[32];
    // CHECK: err_attr_duplicate.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'exo::parallel(block)' conflicts with 'exo::parallel(thread)' on the same statement; keep one
    [[exo::parallel(thread)]] [[exo::parallel(block)]] for (int t = 0; t < 32; ++t) s[t] = 1.f;
#endif
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = s[31 - t];
  }
}
