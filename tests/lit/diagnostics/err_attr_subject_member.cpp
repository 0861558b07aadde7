// A kernel is a function outside classes: exo-cuda turns it into a __global__ function
// and a host launcher of the same name, neither of which a member function (its object,
// its class's scope) can be. Was ignored, then "no kernel in this file".
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifndef FIXED
struct Scaler {
  // CHECK: :[[@LINE+1]]:5: error: 'exo::kernel' applies only to functions outside classes (a kernel becomes a __global__ function and a host launcher; make this member a free function)
  [[exo::kernel]] void scale(int n, float* __restrict__ y) {
    [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] *= 2.0f;
  }
  // CHECK: :[[@LINE+1]]:5: error: 'exo::kernel' applies only to functions outside classes
  [[exo::kernel]] static void twice(int n, float* __restrict__ y);
  // A friend defined in its class is no member, but its class hides it all the same (it
  // was silently dropped).
  // CHECK: :[[@LINE+1]]:5: error: 'exo::kernel' applies only to functions outside classes
  [[exo::kernel]] friend void thrice(int n, float* __restrict__ y) {
    [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] *= 3.0f;
  }
};
#else
[[exo::kernel]] void scale(int n, float* __restrict__ y) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] *= 2.0f;
}
#endif
// CHECK: 3 errors generated.
