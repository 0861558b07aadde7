// err_unsupported_stmt for a function-try-block kernel body (not a silently empty kernel).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]] void k(float* __restrict__ y) try {
  // CHECK: err_unsupported_stmt_try_body.cpp:[[@LINE-1]]:17: error: this form of function body is not supported in an exo kernel; write the kernel body as a plain '{ ... }' block
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = 1.f;
} catch (...) {
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
