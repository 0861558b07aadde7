// An extent is a launch-time shape: scalar parameters and constants only.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+4]]:18: error: 'exo::extent' may use only scalar parameters and constants (a launch-time shape); 'x' is not one
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::extent(y, x[0]);
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = 1.f;
}
