// 'b << s' by a parameter cannot be encoded, and the intervals leave it open (b < n is
// unbounded above): "cannot prove", never an accept, with the bound that settles it
// without the solver (b << 16 fits in int for b < 32768).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, int s, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && s >= 0 && s <= 16);
#ifdef FIXED
  exo::assume(n <= 32768);
#endif
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
      y[b] = x[(b << s) + t];
}
// CHECK: racy_overflow_shift_by_parameter.cpp:[[@LINE-2]]:17: error: cannot prove that 'b << s' in the index of 'x' does not overflow 'int', because it cannot be modelled: it shifts by an amount that is neither a constant nor a function of one loop variable with constant bounds
// CHECK: racy_overflow_shift_by_parameter.cpp:[[@LINE-9]]:3: note: insert 'exo::assume(n <= 32768);' at the top of the kernel so that 'b << s' fits in 'int'
// CHECK-NOT: error:
// CHECK: 1 error generated.
