// exo::l2_policy names a pointer parameter and a constant exo::l2, at the top of the
// kernel, once per array.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, int h, const float* __restrict__ x, const float* __restrict__ z, float* __restrict__ y) {
  exo::assume(n % 32 == 0);
  exo::l2_policy(x, exo::l2::evict_first);
  // CHECK: :[[@LINE+1]]:3: error: 'exo::l2_policy' is given twice for 'x'
  exo::l2_policy(x, exo::l2::evict_last);
  // CHECK: :[[@LINE+1]]:3: error: 'exo::l2_policy' takes a pointer parameter of the kernel and an exo::l2 constant
  exo::l2_policy(x + 1, exo::l2::evict_first);
  // CHECK: :[[@LINE+1]]:3: error: 'exo::l2_policy' takes a constant exo::l2 (evict_first or evict_last)
  exo::l2_policy(z, static_cast<exo::l2>(h));
  // CHECK: :[[@LINE+1]]:3: error: 'exo::l2_policy' takes exo::l2::evict_first or exo::l2::evict_last
  exo::l2_policy(z, static_cast<exo::l2>(7));
  [[exo::parallel(block)]] for (int b = 0; b < n / 32; ++b) {
    // CHECK: :[[@LINE+1]]:5: error: 'exo::l2_policy' must be at the top of the kernel body, next to the assumes
    exo::l2_policy(z, exo::l2::evict_first);
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] = x[b * 32 + t] + z[b * 32 + t];
  }
}
// CHECK-NOT: error:
// CHECK: 5 errors generated.
