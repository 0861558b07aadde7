// err_loop_noncanonical: parallel loops must be 'for (int v = lo; v < hi; ++v | v++ | v += c)',
// and every loop's variable an initialized integer with a step of its type.
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
      // (A sequential loop's other headers, 'v <= hi', '--v', 'v /= 2': err_loop_header.cpp.)
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:30: error: a sequential loop must count up {{.*}}: the loop variable must change by a constant
      for (int s = 0; s < 4; s += n) out[b * 128 + t * 4 + s] = 1.f;
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:12: error: a sequential loop must have the form {{.*}}: the loop variable must be an initialized integer
      for (float s = 0; s < 4; ++s) out[b * 128 + t * 4] = s;
      // 'v += c' converts v + c back to v's type: these steps are -1, 0 and 1 there
      // (review of the fifteenth session: they were proven as steps of 2^32 - 1, 256 and
      // 2^32 + 1, counting iterations the program does not run).
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:35: error: a sequential loop must have the form {{.*}}: the step must be a positive constant that fits in the loop variable's type
      for (int s = 0; s < 4; s += 0xFFFFFFFFu) out[b * 128 + t * 4 + s] = 1.f;
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:45: error: a sequential loop must have the form {{.*}}: the step must be a positive constant that fits in the loop variable's type
      for (unsigned char s = 0; s < 4; s += 256) out[b * 128 + t * 4 + s] = 1.f;
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:35: error: a sequential loop must have the form {{.*}}: the step must be a positive constant that fits in the loop variable's type
      for (int s = 0; s < 4; s += 4294967297L) out[b * 128 + t * 4 + s] = 1.f;
      // 'b += 1' leaves a bool true.
      // CHECK: err_loop_noncanonical.cpp:[[@LINE+1]]:12: error: a sequential loop must have the form {{.*}}: the loop variable must be an integer, not bool
      for (bool s = false; s < 2; s += 1) out[b * 128 + t * 4 + s] = 1.f;
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
// CHECK: 7 errors generated.
