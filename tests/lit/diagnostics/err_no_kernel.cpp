// err_no_kernel: a file without an '[[exo::kernel]]' function definition.
// Also checks that nothing is written on error, and that the fixed file is written.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %exo-cuda -o %t.cu %s 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu
// RUN: %exo-cuda -o %t.cu %s -- -DFIXED 2>&1 | count 0
// RUN: test -s %t.cu
// CHECK: err_no_kernel.cpp:1:1: error: no '{{\[\[}}exo::kernel]]' function in this file
// CHECK-NOT: error:
// CHECK: 1 error generated.
#include <exo/exo.hpp>

#ifdef FIXED
[[exo::kernel]]
#endif
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
}
