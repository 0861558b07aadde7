// Division by zero is undefined (the sequential program traps on x86; the GPU computes
// garbage): every integer '/' and '%' of an index, bound, condition or assume has its
// divisor checked for every size the assumes allow (since the thirteenth session; before,
// a known limit). A parameter's quotient ('n / 64' for n < 64) and a parameter; with the sizes bounded (-DBOUNDED) each divisor is positive and the kernel
// is proven.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DBOUNDED 2>&1 | count 0
// CHECK: error: the remainder 'b % (n / 64)' in the index of 'y' may divide by zero: its divisor 'n / 64' can be 0; bound the sizes with exo::assume so that it cannot
// CHECK: note: for example with n = {{[0-9]|[1-5][0-9]|6[0-3]}}, d = {{[0-9]+}}; b = 0
// CHECK: error: the quotient 't / d' in the index of 'y' may divide by zero: its divisor 'd' can be 0
// CHECK: note: for example with n = {{[0-9]+}}, d = 0
// CHECK-NOT: error:
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, int d, const float* __restrict__ x, float* __restrict__ y) {
#ifdef BOUNDED
  exo::assume(n >= 64 && n <= 65536 && d >= 1 && d <= 8);
#else
  exo::assume(n > 0 && n <= 65536 && d >= 0 && d <= 8);
#endif
  exo::extent(y, 16);
  [[exo::parallel(block)]] for (int b = 0; b < 1; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
      y[b % (n / 64)] = x[b];
      y[2 + t / d] = x[b];
    }
}
