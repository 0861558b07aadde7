// err_array_no_memory: a plain array at block scope would be one private copy per thread.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef FIXED
    [[exo::shared]] float s[32];
#else
    // CHECK: err_array_no_memory.cpp:[[@LINE+1]]:5: error: array 's' declared at block scope needs a memory: mark it '{{\[\[}}exo::shared]]' (one copy per block), '{{\[\[}}exo::registers]]' (distributed over threads), or declare it inside a thread loop
    float s[32];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) s[t] = 1.f;
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = s[31 - t];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
