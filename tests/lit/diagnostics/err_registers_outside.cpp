// err_registers_outside: each element of a distributed register array belongs to one
// thread, so it cannot be read at block scope (here: in an 'if' condition).
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
    if (n > 1)
#else
    // CHECK: err_registers_outside.cpp:[[@LINE+1]]:9: error: distributed register array 'acc' used outside a thread loop; each element belongs to one thread
    if (acc[0] > 0.f)
#endif
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = acc[t];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
