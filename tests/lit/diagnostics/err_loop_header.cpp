// err_loop_header: a sequential loop that counts down, halves or doubles must have a
// header exo can count (parser/LoopHeader.h); each refusal names the part that is not.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, unsigned u, float* __restrict__ out) {
  exo::assume(n >= 0 && n <= 64 && u <= 64u);
  exo::extent(out, 4096);
  [[exo::parallel(block)]] for (int b = 0; b < 4; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
#ifdef FIXED
      for (int h = 64; h > 0; h /= 2) out[b * 1024 + t * 32 + h % 32] = 1.f;
      for (int h = 64; h > 0; h = h >> 1) out[b * 1024 + t * 32 + h % 32] = 1.f;
      for (int s = 1; s <= 1024; s <<= 2) out[b * 1024 + t * 32 + s % 32] = 1.f;
      for (int i = n - 1; i >= 0; --i) out[b * 1024 + t * 32 + i % 32] = 1.f;
      for (long i = n; i > -3; i -= 3) out[b * 1024 + t * 32 + (i + 3) % 32] = 1.f;
      for (unsigned i = 0; i < u; i = i + 2) out[b * 1024 + t * 32 + i % 32] = 1.f;
#else
      // A halving loop from a parameter has no constant trip count.
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:20: error: a sequential loop must count up ('v < hi' or 'v <= hi' with '++v' or 'v += c'), count down ('v > lo' or 'v >= lo' with '--v' or 'v -= c') or halve or double between constants ('v /= 2', 'v *= 2'): a loop that halves or doubles its variable must start and end at constants
      for (int h = n; h > 0; h /= 2) out[b * 1024 + t * 32 + h % 32] = 1.f;
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:31: error: a sequential loop must count up {{.*}}: a loop that multiplies or divides its variable must do so by a power of two ('v /= 2', 'v *= 4')
      for (int h = 64; h > 0; h /= 3) out[b * 1024 + t * 32 + h % 32] = 1.f;
      // 'h >= 0' holds at 0: the C++ loop never ends.
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:7: error: a sequential loop must count up {{.*}}: the loop does not end within 64 iterations
      for (int h = 64; h >= 0; h >>= 1) out[b * 1024 + t * 32 + h % 32] = 1.f;
      // The last doubling leaves int (signed overflow in C++).
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:7: error: a sequential loop must count up {{.*}}: the loop variable would leave the range of its type
      for (int s = 1; s < 2147483647; s *= 2) out[b * 1024 + t * 32 + s % 32] = 1.f;
      // An unsigned variable wraps below 0: 'i >= 0' always holds.
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:12: error: a sequential loop must count up {{.*}}: a loop that counts down needs a signed variable (an unsigned one wraps below 0)
      for (unsigned i = 7; i >= 0; --i) out[b * 1024 + t * 32 + i % 32] = 1.f;
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:23: error: a sequential loop must count up {{.*}}: a loop that counts down must test 'v > lo' or 'v >= lo'
      for (int i = 3; i < 8; --i) out[b * 1024 + t * 32 + i % 32] = 1.f;
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:30: error: a sequential loop must count up {{.*}}: the loop variable must change by a constant
      for (int i = 8; i > 0; i -= n) out[b * 1024 + t * 32 + i % 32] = 1.f;
      // A short is compared as an int (promoted).
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:26: error: a sequential loop must count up {{.*}}: the comparison converts the loop variable to 'int': compare it with a bound of its own type
      for (short h = 16; h > 0; h /= 2) out[b * 1024 + t * 32 + h % 32] = 1.f;
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:28: error: a sequential loop must count up {{.*}}: an unsigned loop variable must be tested with 'v < hi'
      for (unsigned i = 0; i <= u; ++i) out[b * 1024 + t * 32 + i % 32] = 1.f;
      // The count down's start is read at every iteration of the rewritten loop: a
      // variable the body may change is not a start.
      int top = n;
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:20: error: a sequential loop must count up {{.*}}: a loop that counts down must start and end at expressions of parameters, constants and enclosing loop variables
      for (int i = top; i > 0; --i) top = i;
      // The variable steps only through the header.
      // CHECK: err_loop_header.cpp:[[@LINE+1]]:41: error: loop variable 'h' is assigned in the loop body; exo loops must step only through their header
      for (int h = 64; h > 0; h /= 2) { h = 1; }
#endif
    }
  }
}
// CHECK-NOT: error:
// CHECK: 11 errors generated.
