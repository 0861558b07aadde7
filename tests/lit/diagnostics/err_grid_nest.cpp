// err_grid_nest: block loops form a perfect nest at the top of the kernel.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: not %exo-cuda --check-only %s -- -DNESTED 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out, float* __restrict__ out2) {
#if defined(FIXED) || defined(NESTED)
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) out2[b] = 0.f;
#else
  // CHECK: err_grid_nest.cpp:[[@LINE+3]]:3: error: block loops must form a perfect nest at the top of the kernel: this block loop has sibling statements; move them inside the innermost block loop
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) out2[b] = 0.f;
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#endif
#ifdef NESTED
    for (int s = 0; s < 1; ++s)
      // NESTED: err_grid_nest.cpp:[[@LINE+1]]:7: error: block loops must form a perfect nest at the top of the kernel: this block loop is nested inside other statements; block loops must enclose everything else
      [[exo::parallel(block)]] for (int c = 0; c < 2; ++c)
        [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[(b * 2 + c) * 32 + t] = 1.f;
#else
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
#endif
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
// NESTED-NOT: error:
// NESTED: 1 error generated.
