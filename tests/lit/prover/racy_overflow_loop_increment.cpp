// 'i += 128' runs after the last iteration too: with n close to INT_MAX the last i + 128
// overflows int (the sequential program is undefined there), so n needs a bound.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void strided(int n, float* __restrict__ y) {
  exo::assume(n > 0);
#ifdef FIXED
  exo::assume(n <= 1048576);
#endif
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
    for (int i = t; i < n; i += 128) y[i] = 0.f;
}
// CHECK: racy_overflow_loop_increment.cpp:[[@LINE-2]]:5: error: the sum 'i + 128' in the increment of loop 'i' may overflow 'int': its value can be {{[0-9]+}} ({{[0-9]+}} + 128), outside [-2147483648, 2147483647]
// CHECK: racy_overflow_loop_increment.cpp:[[@LINE-3]]:5: note: for example with n = {{[0-9]+}}; i = {{[0-9]+}}
// CHECK: racy_overflow_loop_increment.cpp:[[@LINE-9]]:3: note: insert 'exo::assume(n <= 2147483520);' at the top of the kernel so that 'i + 128' fits in 'int'
// CHECK-NOT: error:
// CHECK: 1 error generated.
