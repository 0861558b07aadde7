// err_collective_stmt: an assignment outside thread loops would run on every thread of the
// collective (block, warpgroup or warp).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out, float* __restrict__ flag) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef FIXED
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) flag[b] = 1.f;
#else
    // CHECK: err_collective_stmt.cpp:[[@LINE+1]]:5: error: this statement would be executed by every one of the 64 threads of the block; put it inside an '{{\[\[}}exo::parallel(thread)]]' loop
    flag[b] = 1.f;
#endif
    [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w) {
#ifdef FIXED
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) out[(b * 2 + w) * 33] = 0.f;
#else
      // CHECK: err_collective_stmt.cpp:[[@LINE+2]]:7: error: this statement would be executed by every one of the 32 threads of the warp;
      // CHECK: err_collective_stmt.cpp:[[@LINE-5]]:5: note: enclosing 'warp' loop here
      out[(b * 2 + w) * 33] = 0.f;
#endif
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[(b * 2 + w) * 33 + 1 + t] = 1.f;
    }
  }
}
// CHECK-NOT: error:
// CHECK: 2 errors generated.
