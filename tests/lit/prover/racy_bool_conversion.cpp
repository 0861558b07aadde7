// `bool b = t;` is 1 for every t > 0: 31 threads write y[1]. The conversion is not an
// identity, so the prover must not read b as t.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+7]]:5: error: cannot prove that the access 'y[b]' is in bounds and race-free, because its index 'b' cannot be modelled: 'b' converts its initializer to another type
// CHECK: :[[@LINE+8]]:5: error: cannot prove that the access 'y[c]' {{.*}} 'c' converts its initializer to another type
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    bool b = t;
    y[b] = x[t];
    int c = (bool)t;
    y[c] += x[t];
  }
}
