// err_loop_var_assigned: a loop variable steps only through its loop header (the
// thread mapping and the prover rely on it).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(float* __restrict__ out) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    for (int s = 0; s < 4; ++s) {
#ifdef FIXED
      int u = s + 1;
      out[t * 4 + s] = (float)u;
#else
      s += 1;
      // CHECK: err_loop_var_assigned.cpp:[[@LINE-1]]:7: error: loop variable 's' is assigned in the loop body; exo loops must step only through their header
      // CHECK: err_loop_var_assigned.cpp:10:14: note: 's' declared here
      out[t * 4 + s] = 1.f;
#endif
    }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
