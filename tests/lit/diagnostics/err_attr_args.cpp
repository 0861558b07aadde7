// err_attr_args: kernel/registers take no arguments, shared none or a layout; parallel/sync take exactly one level.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifdef FIXED
[[exo::kernel]]
#else
// CHECK: err_attr_args.cpp:[[@LINE+1]]:3: error: 'exo::kernel' takes no arguments
[[exo::kernel(1)]]
#endif
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef FIXED
    [[exo::shared]] float s[32];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) s[t] = 1.f;
    [[exo::sync(block)]];
#else
    // CHECK: err_attr_args.cpp:[[@LINE+1]]:7: error: 'exo::shared' takes no argument or one layout, 'swizzle128'
    [[exo::shared(1)]] float s[32];
    // CHECK: err_attr_args.cpp:[[@LINE+1]]:7: error: 'exo::parallel' takes exactly one parallel level, one of 'block', 'warpgroup', 'warp', 'thread', 'block_in_cluster' or 'persistent'
    [[exo::parallel]] for (int t = 0; t < 32; ++t) s[t] = 1.f;
    // CHECK: err_attr_args.cpp:[[@LINE+1]]:7: error: 'exo::sync' takes exactly one sync level, one of 'block', 'warpgroup', 'warp' or 'cluster'
    [[exo::sync(1)]];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = s[31 - t];
  }
}
// CHECK-NOT: error:
// CHECK: 4 errors generated.
