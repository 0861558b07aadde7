// An unsigned loop variable's `v += step` wraps past its type's largest value, and the
// loop then runs on: for an unsigned char that is the conversion of the int sum back to
// the variable (n = 300 loops forever), for an unsigned int the sum itself. The model
// counts the iterations below the bound, so the increment is checked in the variable's
// type, signed or not (review of the fourteenth session: both were proven).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void strided(unsigned n, float* __restrict__ y) {
  exo::assume(n > 0);
#ifdef FIXED
  exo::assume(n <= 1048576);
#endif
  exo::extent(y, n);
  [[exo::parallel(thread)]] for (unsigned t = 0; t < 128; ++t)
    for (unsigned i = t; i < n; i += 128) y[i] = 0.f;
}
// CHECK: racy_unsigned_loop_increment.cpp:[[@LINE-2]]:5: error: the sum 'i + 128u' in the increment of loop 'i' may overflow 'unsigned': its value can be {{[0-9]+}} ({{[0-9]+}} + 128), outside [0, 4294967295]
// CHECK: racy_unsigned_loop_increment.cpp:[[@LINE-3]]:5: note: for example with n = {{[0-9]+}}; i = {{[0-9]+}}

[[exo::kernel]]
void bytes(int n, float* __restrict__ y) {
#ifdef FIXED
  exo::assume(n > 0 && n <= 255);
#else
  exo::assume(n > 0 && n <= 1024);
#endif
  exo::extent(y, 1024);
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
    for (unsigned char i = 0; i < n; ++i) y[i] = 1.f;
}
// CHECK: racy_unsigned_loop_increment.cpp:[[@LINE-2]]:5: error: the sum 'i + 1' in the increment of loop 'i' may overflow 'unsigned char': its value can be 256 (255 + 1), outside [0, 255]
// CHECK: racy_unsigned_loop_increment.cpp:[[@LINE-3]]:5: note: for example with n = 256; i = 255

// A short's increment, signed: the sum is an int, its conversion back wraps at 32767.
// The step is printed as a plain literal (a short has no literal suffix).
[[exo::kernel]]
void halves(int n, float* __restrict__ y) {
#ifdef FIXED
  exo::assume(n > 0 && n <= 32766);
#else
  exo::assume(n > 0 && n <= 40000);
#endif
  exo::extent(y, 40000);
  [[exo::parallel(thread)]] for (int t = 0; t < 2; ++t)
    for (short i = t; i < n; i += 2) y[i] = 1.f;
}
// CHECK: racy_unsigned_loop_increment.cpp:[[@LINE-2]]:5: error: the sum 'i + 2' in the increment of loop 'i' may overflow 'short': its value can be {{3276[89]}} ({{3276[67]}} + 2), outside [-32768, 32767]
// CHECK-NOT: error:
