// err_loop_noncanonical: loops must be 'for (int v = lo; v < hi; ++v | v++ | v += c)'.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out, float* __restrict__ out2) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
#ifdef FIXED
      for (int s = 0; s < 4; ++s) out[b * 128 + t * 4 + s] = 1.f;
      for (int s = 0; s < 4; s += 2) out[b * 128 + t * 4 + s] = 1.f;
      for (int s = 0; s < 4; s++) out[b * 128 + t * 4 + s] = 1.f;
#else
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:23: error: a sequential loop must have the form 'for (int v = lo; v < hi; ++v)' (or 'v += c' with a positive constant c): the condition must be 'v < hi'
      for (int s = 0; s <= 3; ++s) out[b * 128 + t * 4 + s] = 1.f;
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:30: error: a sequential loop must have the form {{.*}}: the increment must be '++v', 'v++' or 'v += c'
      for (int s = 0; s < 4; s += n) out[b * 128 + t * 4 + s] = 1.f;
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:30: error: a sequential loop must have the form {{.*}}: the increment must be '++v', 'v++' or 'v += c'
      for (int s = 3; s < 4; --s) out[b * 128 + t * 4 + s] = 1.f;
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:12: error: a sequential loop must have the form {{.*}}: the loop variable must be an initialized integer
      for (float s = 0; s < 4; ++s) out[b * 128 + t * 4] = s;
#endif
    }
#ifdef FIXED
    [[exo::parallel(thread)]] for (int u = 0; u < 64; ++u) out2[b * 64 + u] = 2.f;
#else
    // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:47: error: a 'thread' loop must have the form {{.*}}: the condition must be 'v < hi'
    [[exo::parallel(thread)]] for (int u = 0; 64 > u; ++u) out2[b * 64 + u] = 2.f;
#endif
  }
}
// CHECK-NOT: error:
// CHECK: 5 errors generated.
