// Index arithmetic in long does not overflow where int would: 'b * m' with a long size m
// up to 2^40 (b < n / 256 < 2^23 for any int n, so b * m < 2^63), and the block offset
// '(long)b * 2^23' of an unbounded int n (below 2^46) in a condition. Proven by the
// intervals alone, with no bound on n.
// RUN: %exo-cuda --check-only --prover-stats %s 2>&1 | FileCheck %s
// CHECK: exo-cuda: k: prover proved in {{.*}}, {{[0-9]+}} operations checked for overflow (0 by the solver)
// CHECK-NOT: error
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, long m, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  exo::assume(m > 0 && m <= 1099511627776);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      if ((long)b * 8388608 + t >= 0) y[b * 256 + t] = x[b * m + t];
}
