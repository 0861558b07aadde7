// An enumerator of `enum : unsigned` makes `t - 32 >= kWidth` an unsigned comparison:
// it holds for t >= 40 and also for every t < 32 (t - 32 wraps around). Threads 8..31
// then write y[t & 31] like threads 40..63: a race that a signed reading would miss.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+8]]:7: error: data race on 'y': thread ({{[0-9]+}}) writes y[{{[0-9]+}}] that thread ({{[0-9]+}}) also writes
#include <exo/exo.hpp>

enum Width : unsigned { kWidth = 8 };

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    if (t - 32 >= kWidth)
      y[t & 31] = x[t];
}
