// A block loop variable named like a kernel parameter: legal C++ (the loop's scope
// shadows the parameter), but the generated kernel declares both in its outermost scope,
// which nvcc rejects. One diagnostic, no output file.
// RUN: rm -f %t.cu
// RUN: not %exo-cuda %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.cu
#include <exo/exo.hpp>

// CHECK: err_grid_var_param.cpp:[[@LINE+5]]:3: error: block loop variable 'x' has the name of a parameter of the kernel; the generated CUDA declares both in the kernel's outermost scope: rename the loop variable
[[exo::kernel]]
void k(int n, int x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 1024 && x >= 0 && x < 32);
  exo::extent(y, n * 32);
  [[exo::parallel(block)]] for (int x = 0; x < n; ++x)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[x * 32 + t] = 1.f;
}
