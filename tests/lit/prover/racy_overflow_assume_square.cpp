// An exo::assume condition is evaluated by the launcher in the kernel's types, in order:
// 'k * k <= 1024' wraps for k >= 46341 (k = 65536 gives 0), so the launcher would accept
// k = 65536 and launch 2^32 (wrapped) blocks. Each assume is proven not to overflow given
// the assumes (and the '&&' operands) before it; the fix-it bounds k first.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void square(int k, const float* __restrict__ x, float* __restrict__ y) {
#ifdef FIXED
  exo::assume(k <= 46340);
#endif
  exo::assume(k > 0 && k * k <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < k * k; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] = x[b * 32 + t];
}
// CHECK: racy_overflow_assume_square.cpp:[[@LINE-4]]:24: error: the product 'k * k' in an 'exo::assume' condition (the launcher evaluates it) may overflow 'int': its value can be {{[0-9]+}} ({{[0-9]+}} * {{[0-9]+}}), outside [-2147483648, 2147483647]
// CHECK: racy_overflow_assume_square.cpp:[[@LINE-5]]:24: note: for example with k = {{4634[1-9]|463[5-9][0-9]|46[4-9][0-9][0-9]|4[7-9][0-9][0-9][0-9]|[5-9][0-9][0-9][0-9][0-9]}}
// CHECK: racy_overflow_assume_square.cpp:[[@LINE-6]]:3: note: insert 'exo::assume(k <= 46340);' at the top of the kernel so that 'k * k' fits in 'int'
// CHECK-NOT: error:
// CHECK: 1 error generated.
