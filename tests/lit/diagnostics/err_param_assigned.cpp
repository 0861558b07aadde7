// err_param_assigned: sequentially all iterations share one parameter; on the GPU every
// thread has its own copy, so assigning it would silently diverge.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int base, float* __restrict__ y) {
  exo::assume(base <= 65536);
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
#ifdef FIXED
    int k = base + t + 1;
    y[t] = (float)k;
#else
    base += 1;
    // CHECK: err_param_assigned.cpp:[[@LINE-1]]:5: error: parameter 'base' is assigned in the kernel; every thread has its own copy of it on the GPU: copy it into a local variable declared where it is used
    // CHECK: err_param_assigned.cpp:8:12: note: 'base' declared here
    y[t] = (float)base;
#endif
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
