// Integer division in a stored value: its divisor is proven non-zero where the prover
// models it (a loop variable, a parameter), whatever the dividend (data here); a
// dividend it models is checked whole (INT_MIN / -1). A review of the eighteenth
// session found these accepted (only indices, bounds, conditions and assumes were
// checked); the CPU run of the sequential program traps. A divisor read from memory is
// the data's business, as is the arithmetic of stored values (docs/prover.md).
// RUN: not %exo-cuda --check-only %s -- -I%exo-include 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -I%exo-include -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void quotients(int d, int a, const int* __restrict__ x, const int* __restrict__ q, int* __restrict__ y) {
#ifdef FIXED
  exo::assume(d > 0);
#endif
  exo::extent(x, 64);
  exo::extent(q, 64);
  exo::extent(y, 4 * 64);
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
#ifdef FIXED
    y[t] = x[t] / (t + 1);
    y[64 + t] = x[t] / d;
    y[128 + t] = t != 6 && a != -2147483647 - 1 ? a / (t - 6) : 0;
#else
    // CHECK: racy_divide_in_stored_value.cpp:[[@LINE+2]]:12: error: the quotient 'x[t] / (t - 5)' in a stored value may divide by zero: its divisor 't - 5' can be 0
    // CHECK: note: for example with {{.*}}t = 5
    y[t] = x[t] / (t - 5);
    // CHECK: racy_divide_in_stored_value.cpp:[[@LINE+2]]:17: error: the quotient 'x[t] / d' in a stored value may divide by zero: its divisor 'd' can be 0
    // CHECK: note: for example with d = 0{{.*}}
    y[64 + t] = x[t] / d;
    // CHECK: racy_divide_in_stored_value.cpp:[[@LINE+1]]:27: error: the quotient 'a / (t - 6)' in a stored value may overflow 'int'
    y[128 + t] = t != 6 ? a / (t - 6) : 0;
#endif
    y[192 + t] = x[t] / q[t] + x[t] % 7;  // a divisor in memory: the data's
  }
}
// CHECK-NOT: error:
// CHECK: 3 errors generated.
