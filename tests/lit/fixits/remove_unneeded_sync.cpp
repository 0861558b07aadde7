// A barrier between two nests that never share data costs time: warned, with a fix-it
// that removes it.
// RUN: %exo-cuda --check-only %s -- -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 128 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 128; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[b * 128 + t];
    [[exo::sync(block)]];
    // CHECK: remove_unneeded_sync.cpp:[[@LINE-1]]:5: warning: this 'exo::sync(block)' orders no conflicting accesses
    // CHECK: fix-it:"{{.*}}remove_unneeded_sync.cpp":{[[@LINE-2]]:5-[[@LINE-2]]:26}:""
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = 2.f * s[t];
  }
}
