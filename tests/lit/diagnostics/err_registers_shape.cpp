// err_registers_shape: every use of a distributed register array must map its elements to
// the same threads (same thread-loop shape).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ in, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::registers]] float acc[32];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) acc[t] = in[b * 32 + t];
#ifdef FIXED
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = acc[t];
#else
    // CHECK: err_registers_shape.cpp:[[@LINE+2]]:81: error: distributed register array 'acc' is used by a differently shaped thread nest here: thread (t) would not own the element it owns elsewhere
    // CHECK: err_registers_shape.cpp:[[@LINE-5]]:60: note: other use here
    [[exo::parallel(thread)]] for (int t = 0; t < 32; t += 2) out[b * 32 + t] = acc[t];
#endif
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
