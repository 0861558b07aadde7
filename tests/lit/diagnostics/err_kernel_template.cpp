// A kernel that is a function template gets its own diagnostic (it was reported as
// "no '[[exo::kernel]]' function in this file").
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifndef FIXED
template <int W>
#endif
[[exo::kernel]]
void fill(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
}
// CHECK: err_kernel_template.cpp:[[#@LINE-5]]:6: error: kernel 'fill' is a function template; exo rewrites plain functions only: write a non-template kernel for each instantiation you need
// CHECK-NOT: error:
// CHECK: 1 error generated.
