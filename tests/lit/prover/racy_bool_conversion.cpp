// `bool b = t;` is 1 for every t > 0: 31 threads write y[1]. The prover models the
// conversion to bool (t != 0) and reports the race, not a reading of b as t.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+7]]:5: error: data race on 'y': thread (2) writes y[1] that thread (1) also writes
// CHECK: :[[@LINE+8]]:5: error: data race on 'y': thread (1) writes y[1] that thread (2) reads
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    bool b = t;
    y[b] = x[t];
    int c = (bool)t;
    y[c] += x[t];
  }
}
