// err_assume_operands: the launcher evaluates exo::assume on the host, so it may read only
// scalar parameters and constants (not device memory).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ in, float* __restrict__ out) {
#ifdef FIXED
  exo::assume(n % 32 == 0);
#else
  // CHECK: err_assume_operands.cpp:[[@LINE+1]]:15: error: 'exo::assume' at the top of a kernel may use only scalar parameters and constants (the launcher checks it before the launch)
  exo::assume(in[0] > 0.f);
#endif
  [[exo::parallel(block)]] for (int b = 0; b < n / 32; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = in[b * 32 + t];
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
