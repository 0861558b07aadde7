// err_attr_unknown_level: parallel and sync levels are a closed set; the caret is on the level.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[32];
#ifdef FIXED
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) s[t] = 1.f;
    [[exo::sync(block)]];
#else
    // CHECK: err_attr_unknown_level.cpp:[[@LINE+1]]:21: error: unknown parallel level 'threads'; expected 'block', 'warpgroup', 'warp', 'thread', 'block_in_cluster' or 'persistent'
    [[exo::parallel(threads)]] for (int t = 0; t < 32; ++t) s[t] = 1.f;
    // CHECK: err_attr_unknown_level.cpp:[[@LINE+1]]:17: error: unknown sync level 'thread'; expected 'block', 'warpgroup', 'warp' or 'cluster'
    [[exo::sync(thread)]];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = s[31 - t];
  }
}
// CHECK-NOT: error:
// CHECK: 2 errors generated.
