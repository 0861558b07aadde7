// A loop bound is computed in its C++ type: 'n * n' overflows int for n >= 46341, which
// the assume allows. The error is at the bound (the loop's values are then those of the
// overflowed bound: not reported again at the index or the increment).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void fill(int n, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 65536);
#ifdef FIXED
  exo::assume(n <= 46340);
#endif
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
    for (int i = 0; i < n * n; i += 128) y[i + t] = 0.f;
}
// CHECK: racy_overflow_loop_bound.cpp:[[@LINE-2]]:25: error: the product 'n * n' in the bound of loop 'i' may overflow 'int': its value can be {{[0-9]+}} ({{[0-9]+}} * {{[0-9]+}}), outside [-2147483648, 2147483647]
// CHECK-NEXT: for (int i = 0; i < n * n; i += 128) y[i + t] = 0.f;
// CHECK-NEXT: ^~~~~
// CHECK: racy_overflow_loop_bound.cpp:[[@LINE-5]]:25: note: for example with n = {{4634[1-9]|463[5-9][0-9]|46[4-9][0-9][0-9]|4[7-9][0-9][0-9][0-9]|[5-6][0-9][0-9][0-9][0-9]}}
// CHECK: racy_overflow_loop_bound.cpp:[[@LINE-11]]:3: note: insert 'exo::assume(n <= 46340);' at the top of the kernel so that 'n * n' fits in 'int'
// CHECK-NOT: error:
// CHECK: 1 error generated.
