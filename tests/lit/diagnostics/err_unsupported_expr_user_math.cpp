// A user function named like a <cmath> one: only <cmath>'s own functions map to CUDA's,
// so my::expf must not be printed as expf. A body of one `return` is inlined (its own
// meaning, 'v + 1.f'); another body is refused by name.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda %s -o %t.cu -- -DFIXED 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t.cu
#include <exo/exo.hpp>

namespace my {
inline float expf(float v) { return v + 1.f; }
inline float logf(float v) {
  float w = v - 1.f;
  return w;
}
}

[[exo::kernel]]
void k(const float* __restrict__ x, float* __restrict__ y) {
  exo::extent(x, 32);
  exo::extent(y, 32);
#ifdef FIXED
  // CUDA: y[t] = x[t] + 1.f + expf(x[t]);
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = my::expf(x[t]) + expf(x[t]);
#else
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = my::logf(x[t]);
  // CHECK: err_unsupported_expr_user_math.cpp:[[@LINE-1]]:65: error: a call to 'logf' is not supported in an exo kernel
#endif
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
