// err_sync_placement: a barrier inside a parallel loop that splits its scope diverges.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[32];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      s[t] = 1.f;
#ifndef FIXED
      // CHECK: err_sync_placement.cpp:[[@LINE+2]]:7: error: 'exo::sync(block)' inside a 'thread' loop: only some threads of the block would reach it (barrier divergence); move it out of the parallel loop
      // CHECK: err_sync_placement.cpp:[[@LINE-4]]:5: note: enclosing 'thread' loop here
      [[exo::sync(block)]];
#endif
    }
#ifdef FIXED
    [[exo::sync(block)]];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = s[31 - t];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
