// A barrier under a condition that reads shared memory. Every thread evaluates
// `s[0] > 0.f`, and the prover checks that read like any other: with no race on s[0]
// (its one write ordered before every read by the barrier above), all threads of the
// block read the same value in the same epoch and take the same branch, so the barriers
// inside are reached by all of them or by none (this kernel was refused as divergent
// before: a review of the seventeenth session). A write of s[0] after the `if` (no
// barrier after it when the branch is not taken) races with the next step's condition:
// refused, as a race.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// RUN: sed -e 's|^      }  // if|&\n      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) s[0] = s[0] - 1.f;|' %s > %t.exo.cpp
// RUN: grep -q 's\[0\] = s\[0\] - 1.f' %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: error: data race on 's': thread {{.*}} writes s[0] that thread {{.*}} reads with no 'exo::sync({{warp|block}})' between them
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0 && n <= (1 << 20));
  exo::extent(x, n);
  exo::extent(y, 4 * n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::shared]] float u[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      s[t] = x[b * 256 + t];
    [[exo::sync(block)]];
    for (int k = 0; k < 4; ++k) {
      if (s[0] > 0.f) {
        [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) u[t] = s[255 - t] * (k + 1);
        [[exo::sync(block)]];  // u written before the reads below
        [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) y[(k * (n / 256) + b) * 256 + t] = u[(t + 1) % 256];
        [[exo::sync(block)]];  // the reads of u before the next step's writes
      }  // if
    }
  }
}
