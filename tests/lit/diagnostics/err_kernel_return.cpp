// err_kernel_return: a CUDA kernel returns void.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
#ifdef FIXED
void k(int n, float* __restrict__ out) {
#else
// CHECK: err_kernel_return.cpp:[[@LINE+1]]:1: error: kernel 'k' must return void
int k(int n, float* __restrict__ out) {
#endif
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
#ifndef FIXED
  return 0;
#endif
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
