// err_unsupported_expr: expressions outside the kernel language (calls other than <cmath>,
// globals, pointer arithmetic, dereference, assignments inside expressions, ...).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

float helper(float x);
float scale = 2.f;
constexpr int kTile = 32;

[[exo::kernel]]
void k(int n, float* __restrict__ out, const float* __restrict__ in) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < kTile; ++t) {
      const int i = b * kTile + t;
#ifdef FIXED
      out[i] = sqrtf(in[i]) * 2.f + fmaxf(in[i], 0.f);
#else
      // CHECK: err_unsupported_expr.cpp:[[@LINE+1]]:16: error: a call to 'helper' is not supported in an exo kernel; kernels may call <cmath> functions such as sqrtf, expf, fmaxf, std::min, std::max, abs, and helpers whose body is one 'return' of an expression over scalar parameters
      out[i] = helper(in[i]);
      // CHECK: err_unsupported_expr.cpp:[[@LINE+1]]:24: error: a reference to 'scale' from outside the kernel is not supported in an exo kernel; pass it as a parameter or make it a constexpr integer or floating-point constant
      out[i] = in[i] * scale;
      // CHECK: err_unsupported_expr.cpp:[[@LINE+1]]:16: error: '*' inside an expression is not supported in an exo kernel; write increments and address arithmetic as separate statements or indices
      out[i] = *(in + i);
      // CHECK: err_unsupported_expr.cpp:[[@LINE+1]]:17: error: '=' inside an expression is not supported in an exo kernel; make it a statement
      out[i] = (out[i] = in[i]);
      // CHECK: err_unsupported_expr.cpp:[[@LINE+1]]:16: error: indexing this expression is not supported in an exo kernel; index an array or a pointer parameter by name
      out[i] = (in + 1)[i];
#endif
    }
}
// CHECK-NOT: error:
// CHECK: 5 errors generated.
