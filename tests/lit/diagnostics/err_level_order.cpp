// err_level_order: parallel loops nest block, then warpgroup, then warp, then thread.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
#ifdef FIXED
    [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w)
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
#else
    // CHECK: err_level_order.cpp:[[@LINE+3]]:7: error: 'exo::parallel(warp)' loop inside a 'thread' loop; loops must nest block, then warpgroup, then warp, then thread
    // CHECK: err_level_order.cpp:[[@LINE+1]]:5: note: enclosing 'thread' loop here
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w)
#endif
        out[(b * 2 + w) * 32 + t] = 1.f;
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
