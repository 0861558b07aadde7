// A copy that covers 127 of the 128 elements a later loop reads: the read of s[127] sees
// no written value (checked by default; --check-shared-reads=false leaves it out).
// RUN: not %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
// RUN: not %exo-cuda --check-only --check-shared-reads %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only --check-shared-reads=false %s -- -std=c++17 -I%exo-include 2>&1 | count 0
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 128);
  exo::extent(y, n * 128);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 127; ++t) s[t] = x[b * 128 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = s[127 - t];
    // CHECK: shared_reads_partial_copy.cpp:[[@LINE-1]]:78: error: cannot prove that 's[127 - t]' reads a value written before it: no write of the element earlier in its block covers every execution of the read
  }
}
// CHECK: 1 error generated.
