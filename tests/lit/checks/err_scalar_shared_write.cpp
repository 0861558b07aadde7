// A scalar declared outside a thread loop and assigned inside it: each thread would
// accumulate into its own copy. Declaring it inside the loop is fine.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifndef FIXED
    float sum = 0.f;
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      sum += x[b * 32 + t];
    // CHECK: err_scalar_shared_write.cpp:[[@LINE-1]]:7: error: 'sum' is declared outside this 'thread' loop but assigned inside it
    // CHECK: err_scalar_shared_write.cpp:[[@LINE-4]]:11: note: 'sum' declared here
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      float v = x[b * 32 + t];
      v *= 2.f;
      y[b * 32 + t] = v;
    }
  }
}
