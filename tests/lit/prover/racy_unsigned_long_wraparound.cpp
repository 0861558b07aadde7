// unsigned long arithmetic wraps modulo 2^64: (unsigned long)t - 1 for t = 0 is
// 2^64 - 1, so (that + 2) is 1 and threads 0 and 1 write y[1]. Modelled exactly.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 'y': thread (1) writes y[1] that thread (0) also writes
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    y[t == 0 ? (unsigned long)t - 1ul + 2ul : (unsigned long)t] = x[t];
}
