// A shared index read from an integer input: any value of its type, so it may be out of
// bounds, and two threads may write one element.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+12]]:9: error: index 'idx[t]' (= -1) of 's' out of bounds (extent 256)
// CHECK: :[[@LINE+11]]:9: note: for example with n = 256; idx[0] = -1
// CHECK: :[[@LINE+10]]:7: error: data race on 's': thread (1) of block (0) writes s[0] that thread (0) of block (0) also writes
// CHECK: :[[@LINE+9]]:7: note: for example with n = 256; idx[0] = 0, idx[1] = 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const int* __restrict__ idx, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      s[idx[t]] = x[b * 256 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + t] = s[t];
  }
}
