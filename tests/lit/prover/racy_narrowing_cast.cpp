// (int)(t * 2^32) is 0 for every t: all threads write y[0]. The prover models the
// narrowing conversion exactly (modulo 2^32) and finds the race with a real witness.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+5]]:5: error: data race on 'y': thread (1) writes y[0] that thread (0) also writes
#include <exo/exo.hpp>

[[exo::kernel]] void k(float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    y[(int)(t * 4294967296L)] = (float)t;
}
