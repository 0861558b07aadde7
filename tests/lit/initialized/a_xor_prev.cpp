// A bitwise index in the previous-iteration candidate: its operand's range is a fact of running instances only.
// Found by a review (2026-11-30): accepted before the encoder's side conditions were made conditional.
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 128);
  exo::extent(y, n * 128);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float acc[4];
    for (int k = 0; k < 4; ++k) {
      y[(b * 32 + t) * 4 + k] = acc[0];
      acc[k ^ k] = x[(b * 32 + t) * 4 + k];
    }
  }
}
// CHECK: a_xor_prev.cpp:13:33: error: cannot prove that 'acc[0]' reads a value written before it
// CHECK: 1 error generated.
