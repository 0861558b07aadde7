// Unsupported statements and expressions are named in words, never by Clang's class
// names ('CXXTryStmt', 'CXXNoexceptExpr', ...). (sizeof, alignof and sizeof... are
// constants of the instance: supported, err_kernel_template.cpp.)
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s --implicit-check-not=Stmt --implicit-check-not=Expr
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      // CHECK: err_unsupported_construct_names.cpp:[[@LINE+1]]:7: error: a 'try' block is not supported in an exo kernel; use 'for' loops with constant or parameter bounds and 'if'
      try { out[b * 32 + t] = 1.f; } catch (...) {}
      // CHECK: err_unsupported_construct_names.cpp:[[@LINE+1]]:32: error: 'noexcept' is not supported in an exo kernel; see the language reference in README.md
      out[b * 32 + t] = (float)noexcept(out[0]);
    }
}
