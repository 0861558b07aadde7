// err_unsupported_stmt: statements outside the kernel language (while, return, switch,
// static locals, local pointers, array initializers, 'if' with an initializer, ...).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
#ifdef FIXED
      for (int i = 0; i < 4; ++i) out[b * 128 + t * 4 + i] = 1.f;
      float a[2];
      a[0] = 1.f;
      a[1] = 2.f;
      if (n > 0) out[b * 128 + t * 4] = a[1];
#else
      int i = 0;
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:7: error: a 'while' loop is not supported in an exo kernel; use 'for' loops with constant or parameter bounds and 'if'
      while (i < 4) i = i + 1;
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:31: error: a 'continue' other than 'if (condition) continue;' in a loop's body is not supported in an exo kernel; write 'if (condition) continue;' directly in the loop's body, or wrap the rest of the body in an 'if'
      if (n > 1) { if (n > 2) continue; }
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:20: error: 'break' is not supported in an exo kernel; use 'for' loops
      if (n > 3) { break; }
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:7: error: 'switch' is not supported in an exo kernel; use 'for' loops with constant or parameter bounds and 'if'
      switch (n) { default: break; }
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:21: error: 'return' is not supported in an exo kernel;
      if (n == 0) { return; }
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:7: error: this declaration is not supported in an exo kernel; declare scalars and arrays of bool, int, unsigned, long, float or double
      static int z = 1;
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:7: error: a local pointer is not supported in an exo kernel; index the array it points into directly (a pointer parameter, a shared or a register array)
      float* p = out;
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:20: error: an array initializer is not supported in an exo kernel; fill the array in a loop
      float a[2] = {1.f, 2.f};
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:7: error: this form of 'if' is not supported in an exo kernel; write 'if (condition)'
      if (int m = n) out[b * 128 + t * 4] = m;
      // CHECK: err_unsupported_stmt.cpp:[[@LINE+1]]:7: error: this expression statement is not supported in an exo kernel; statements are assignments, declarations, loops, 'if' and syncs
      (void)z;
#endif
    }
}
// CHECK-NOT: error:
// CHECK: 10 errors generated.
