// A condition that reads memory cannot be encoded whole, but what its outcome forces on
// its other operands can: the branch of `t % 2 == 1 && s[t - 1] > alpha` runs in odd
// threads only, the else branch of `t < 128 || s[t - 128] < 0.f` in threads 128 and up,
// and `exo::assume(n >= 0 && n < 8192 && alpha > 0.f)` bounds n although alpha is a
// float. Before the twenty-third session each such condition was dropped whole: the
// race (odd threads read even elements, write odd ones) and the bounds were refused as
// "cannot prove". Mutants: every thread past 0 in the first branch races; without
// n >= 0 the index n / 32 may be negative.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// RUN: sed -e 's|t % 2 == 1 && s\[t - 1\]|t > 0 \&\& s[t - 1]|' %s > %t.race.cpp
// RUN: grep -q 't > 0 && s\[t - 1\]' %t.race.cpp
// RUN: not %exo-cuda --check-only %t.race.cpp 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: data race on 's': thread (1) of block (0) writes s[1] that thread (2) of block (0) reads
// RACE: 1 error generated.
// RUN: sed -e 's|exo::assume(n >= 0 && |exo::assume(|' %s > %t.bounds.cpp
// RUN: not %exo-cuda --check-only %t.bounds.cpp 2>&1 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: error: index 'n / 32' (= -{{[0-9]+}}) of 's' out of bounds (extent 256)
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int m, int n, float alpha, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(m % 256 == 0 && m <= (1 << 20));
  exo::assume(n >= 0 && n < 8192 && alpha > 0.f);
  exo::extent(x, m);
  exo::extent(y, m);
  [[exo::parallel(block)]] for (int b = 0; b < m / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t] = x[b * 256 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      if (t % 2 == 1 && s[t - 1] > alpha) s[t] = 0.f;
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      if (!(t < 128 || s[t - 128] < 0.f)) y[b * 256 + t] = s[t - 128] + s[n / 32];
      else y[b * 256 + t] = s[t];
  }
}
