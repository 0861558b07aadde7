// err_unsupported_type: parameter, local and cast types are limited to bool, char, short,
// int, long (signed or unsigned), float, double (and pointers to those for parameters).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: not %exo-cuda --check-only %s -- -DBADPARAM 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
#ifdef BADPARAM
// PARAM: err_unsupported_type.cpp:[[@LINE+1]]:15: error: type 'long double' is not supported in an exo kernel; use bool, char, short, int, long (signed or unsigned), float, double, or (as a kernel parameter) a pointer to one
void k(int n, long double s, float* __restrict__ out) {
#else
void k(int n, float* __restrict__ out) {
#endif
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
#if defined(FIXED) || defined(BADPARAM)
      int c = 3;
      out[b * 32 + t] = (float)c;
#else
      // CHECK: err_unsupported_type.cpp:[[@LINE+1]]:7: error: type 'wchar_t' is not supported in an exo kernel; use bool, char, short, int, long (signed or unsigned), float, double, or (as a kernel parameter) a pointer to one
      wchar_t c = 3;
      // CHECK: err_unsupported_type.cpp:[[@LINE+1]]:25: error: type 'char16_t' is not supported in an exo kernel;
      out[b * 32 + t] = (char16_t)n;
#endif
    }
}
// CHECK-NOT: error:
// CHECK: 2 errors generated.
// PARAM-NOT: error:
// PARAM: 1 error generated.
