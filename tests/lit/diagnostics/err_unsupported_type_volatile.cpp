// volatile means nothing to the sequential program, which is the specification, and the
// generated CUDA dropped it from the launcher and the kernel: refused instead.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/exo.hpp>

// CHECK: :[[@LINE+1]]:47: error: type 'volatile float *' is not supported in an exo kernel; use bool, char, short, int, long (signed or unsigned), float, double, or (as a kernel parameter) a pointer to one
[[exo::kernel]] void k(int n, const float* x, volatile float* y) {
  exo::assume(n <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] = x[b * 32 + t];
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
