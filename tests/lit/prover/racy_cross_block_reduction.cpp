// every block accumulates into out[0]: one error (not one per read and write of `+=`)
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+6]]:57: error: blocks (0) and (1) both access 'out' element out[0]
// CHECK: 1 error generated.
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ out) {
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) out[0] += x[b];
}
