// An exo::l2_policy on an array no TMA copy reads (plain loads, a TMA store) has no
// effect: a warning, with its flag; the kernel is still generated.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include 2>&1 | FileCheck %s
// RUN: %exo-cuda -Wno-exo-unused-l2-policy %s -o %t2.cu -- -I%exo-include 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: not %exo-cuda -Werror=exo-unused-l2-policy --check-only %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: FileCheck %s --check-prefix=GEN < %t.cu
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 32 == 0);
  // CHECK: :[[@LINE+2]]:3: warning: 'exo::l2_policy' hints the TMA loads of 'x', but no TMA copy reads it; the hint has no effect: load it with tma_load or remove the hint [-Wexo-unused-l2-policy]
  // ERR: :[[@LINE+1]]:3: error: 'exo::l2_policy' hints the TMA loads of 'x'
  exo::l2_policy(x, exo::l2::evict_first);
  [[exo::parallel(block)]] for (int b = 0; b < n / 32; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] = 2.0f * x[b * 32 + t];
}
// CHECK: 1 warning generated.
// QUIET-NOT: warning
// GEN-NOT: l2_evict
// GEN: y[b * 32 + t] = 2.0f * x[b * 32 + t];
