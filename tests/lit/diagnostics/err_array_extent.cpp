// err_array_extent: local arrays need compile-time extents (no VLAs).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

constexpr int kN = 8;

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
#ifdef FIXED
      float a[kN];
      a[0] = 1.f;
      out[b * 32 + t] = a[0];
#else
      // clang itself warns about the VLA extension first.
      // CHECK: err_array_extent.cpp:[[@LINE+2]]:15: warning: variable length arrays in C++ are a Clang extension
      // CHECK: err_array_extent.cpp:[[@LINE+1]]:7: error: array 'a' must have constant extents
      float a[n];
      out[b * 32 + t] = 1.f;
#endif
    }
}
// CHECK-NOT: error:
// CHECK: 1 warning and 1 error generated.
