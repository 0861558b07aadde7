// An unsigned shift wraps its value but not its amount: shifting by the type's width or
// more is undefined (x86 masks the amount: `128u >> 32` is 128). A tree over unsigned
// with one level too many read past the array at l = 31 and was proven (review of the
// thirteenth session); the amount is now checked as for signed shifts.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DLEVELS=7 2>&1 | count 0
// CHECK: error: the shift '128u >> (l + 1)' in the condition of an 'if' may overflow 'unsigned': it can shift by 32, but 'unsigned' has 32 bits
// CHECK: note: for example with l = 31
// CHECK: error: the shift 'i >> 32' in the index of 'y' may overflow 'unsigned': it can shift by 32
#include <exo/exo.hpp>

#ifndef LEVELS
#define LEVELS 32
#define SHIFT 32
#else
#define SHIFT 3
#endif

[[exo::kernel]] void tree(const float* __restrict__ x, float* __restrict__ y) {
  exo::extent(y, 2);
  [[exo::shared]] float s[128];
  [[exo::parallel(thread)]] for (unsigned t = 0; t < 128; ++t) s[t] = x[t];
  [[exo::sync(block)]];
  for (int l = 0; l < LEVELS; ++l) {
    [[exo::parallel(thread)]] for (unsigned t = 0; t < 128; ++t)
      if (t < (128u >> (l + 1))) s[t] += s[t + (128u >> (l + 1))];
    [[exo::sync(block)]];
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[t] = s[0];
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
    for (unsigned i = 0; i < 4; ++i) y[1 + (i >> SHIFT)] = 1.0f;
}
