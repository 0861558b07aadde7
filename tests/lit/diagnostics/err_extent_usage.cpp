// exo::extent names a pointer parameter, at the top of the kernel, once.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+6]]:3: error: 'exo::extent' takes a pointer parameter and its extents: 'exo::extent(A, M, K);' at the top of the kernel, once per array
// CHECK: :[[@LINE+7]]:5: error: 'exo::extent' takes a pointer parameter and its extents
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::extent(y, n);
  exo::extent(y, n);
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    exo::extent(x, n);
    y[t] = x[t];
  }
}
