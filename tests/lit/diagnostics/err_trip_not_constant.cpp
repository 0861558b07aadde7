// err_trip_not_constant: the thread count of a block is fixed at launch, so parallel loops
// below the grid need constant trip counts.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, int m, float* __restrict__ out) {
  exo::assume(m == 32);
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
#ifdef FIXED
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
#else
    // CHECK: err_trip_not_constant.cpp:[[@LINE+1]]:51: error: the trip count of a 'thread' loop must be a compile-time constant inside a block
    [[exo::parallel(thread)]] for (int t = 0; t < m; ++t) out[b * 32 + t] = 1.f;
#endif
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
