// err_unsupported_expr for a user function named like a <cmath> one: only <cmath>'s own
// functions map to CUDA's; my::expf must not be printed as expf.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

namespace my {
inline float expf(float v) { return v + 1.f; }
}

[[exo::kernel]]
void k(const float* __restrict__ x, float* __restrict__ y) {
#ifdef FIXED
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = expf(x[t]) + std::exp(x[t]);
#else
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = my::expf(x[t]);
  // CHECK: err_unsupported_expr_user_math.cpp:[[@LINE-1]]:65: error: a call to 'expf' is not supported in an exo kernel
#endif
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
