// err_grid_bounds: the grid is computed on the host, so block loop bounds may use only
// scalar parameters and constants (not an outer block loop variable).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n >= 0 && n <= 8192);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
#ifdef FIXED
  [[exo::parallel(block)]] for (int c = 0; c < n; ++c)
#else
  // CHECK: err_grid_bounds.cpp:[[@LINE+1]]:48: error: block loop bounds may use only scalar parameters and constants; 'b' is not one
  [[exo::parallel(block)]] for (int c = 0; c < b; ++c)
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[(b * n + c) * 32 + t] = 1.f;
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
