// A guard on floating-point values cannot be modelled, so it is dropped (more
// instances). The counterexample the solver then finds uses threads that the guard
// excludes (t * 0.5f >= 31 holds only for t = 62, 63): it is not an execution, so the
// prover refuses with the reason instead of printing it.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: cannot prove that 's[0]' and 's[0]' never race, because a condition on its path cannot be modelled (it uses a floating-point value)
// CHECK-NOT: data race
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[1];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    if (t * 0.5f >= 31.0f) s[0] = x[t];
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[t] = s[0];
}
