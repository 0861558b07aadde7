// err_registers_index: a distributed register array is indexed by the enclosing parallel
// loop variables in its leading positions (thread t owns acc[t]).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ in, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    // thread t owns acc[t]
    [[exo::registers]] float acc[32];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) acc[t] = in[b * 32 + t];
#ifdef FIXED
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = acc[t];
#else
    // CHECK: err_registers_index.cpp:[[@LINE+2]]:78: error: distributed register array 'acc' must be indexed by the enclosing parallel loop variables (t) in its leading positions
    // CHECK: err_registers_index.cpp:[[@LINE-6]]:30: note: 'acc' declared here
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = acc[31 - t];
#endif
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
