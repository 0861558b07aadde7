// err_unnamed_param: the launcher forwards every parameter to the kernel by name.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifdef FIXED
#define UNUSED unused
#else
#define UNUSED
#endif

[[exo::kernel]]
void k(int UNUSED, float* __restrict__ out) {
  // CHECK: err_unnamed_param.cpp:[[@LINE-1]]:{{[0-9]+}}: error: every parameter of kernel 'k' needs a name: the launcher passes it on
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[t] = 1.f;
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
