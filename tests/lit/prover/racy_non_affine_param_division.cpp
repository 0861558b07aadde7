// division by a parameter: t / n is 0 for every t < n, so threads 0 and 1 write one
// element. Modelled exactly (C's truncating division by a parameter), with a witness.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+8]]:7: error: data race on 'y': thread (1) of block (0) writes y[0] that thread (0) of block (0) also writes
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + t / n] = x[b * 256 + t];
  }
}
