// (int)(t * 2^32) is 0 for every t: all threads write y[0]. A narrowing conversion is
// not the identity, so the prover must refuse rather than read the index as t * 2^32.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+5]]:5: error: cannot prove that the access 'y[(int)(t * 4294967296L)]' {{.*}} it converts to a narrower integer type
#include <exo/exo.hpp>

[[exo::kernel]] void k(float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    y[(int)(t * 4294967296L)] = (float)t;
}
