// A loop that counts down to a parameter (`for (int i = 0; i > lo; i -= 3)`) runs
// (0 - lo + 2) / 3 times: with lo = INT_MIN the difference overflows. The report names
// the loop as the source does ('i'), not by the counter the parser makes for it
// ('exo_i_iter', before the twenty-third session).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+12]]:21: error: the difference '0 - lo' in the bound of loop 'i' may overflow 'int': its value can be 2147483648 (0 - (-2147483648))
// CHECK-NOT: exo_i_iter
// RUN: sed -e 's|^  exo::extent(x, 256);|  exo::assume(lo > -1000);\n&|' %s > %t.cpp
// RUN: %exo-cuda --check-only %t.cpp 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int lo, const float* __restrict__ x, float* __restrict__ y) {
  exo::extent(x, 256);
  exo::extent(y, 256);
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
    float acc = 0.f;
    for (int i = 0; i > lo; i -= 3) acc += x[t];
    y[t] = acc;
  }
}
