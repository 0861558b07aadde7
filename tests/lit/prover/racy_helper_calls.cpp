// Inlined helpers and std::min / abs are proven like the expressions they stand for:
// a clamped index that two blocks share is a race (with n = 257, blocks 0 and 1 both
// write y[256]), abs folding two threads onto one element is a race, abs of a
// parameter may overflow, a recursive helper is refused, and a helper with more than
// one statement is not inlined.
// RUN: not %exo-cuda %s -o %t.cu -- -I%exo-include 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.cu
#include <exo/exo.hpp>
#include <algorithm>
#include <cstdlib>

constexpr int TILE = 256;
inline int clamp_hi(int i, int n) { return std::min(i, n - 1); }

[[exo::kernel]]
void shifted(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n <= 1 << 30);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < (n + TILE - 1) / TILE; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < TILE; ++t) {
    int i = b * TILE + t;
    // CHECK: racy_helper_calls.cpp:[[@LINE+2]]:16: error: blocks (1) and (0) both write 'y' element y[256]
    // CHECK: note: for example with n = 257
    if (i < n) y[clamp_hi(i + 1, n)] = x[i];
  }
}

[[exo::kernel]]
void mirrored(float* __restrict__ y) {
  exo::extent(y, 16);
  // CHECK: racy_helper_calls.cpp:[[@LINE+1]]:58: error: data race on 'y': thread (9) writes y[1] that thread (7) also writes
  [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) y[std::abs(t - 8)] = t;
}

[[exo::kernel]]
void offset(int s, float* __restrict__ y) {
  exo::extent(y, 64);
  exo::assume(s < 32);
  // CHECK: racy_helper_calls.cpp:[[@LINE+2]]:60: error: the negation '-s' in the index of 'y' may overflow 'int'
  // CHECK: note: for example with s = -2147483648
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[std::abs(s) + t - std::abs(s)] = t;
}

int factorial(int v) { return v <= 1 ? 1 : v * factorial(v - 1); }
[[exo::kernel]]
void recursive(float* __restrict__ y) {
  exo::extent(y, 8);
  // CHECK: racy_helper_calls.cpp:[[@LINE-4]]:48: error: a recursive call of 'factorial' is not supported in an exo kernel; write the recursion as a loop
  // CHECK: racy_helper_calls.cpp:[[@LINE+1]]:64: note: the call of 'factorial' here
  [[exo::parallel(thread)]] for (int t = 0; t < 8; ++t) y[t] = factorial(t);
}

inline int twice(int v) {
  int w = 2 * v;
  return w;
}
[[exo::kernel]]
void two_statements(float* __restrict__ y) {
  exo::extent(y, 16);
  // CHECK: racy_helper_calls.cpp:[[@LINE+1]]:59: error: a call to 'twice' is not supported in an exo kernel; kernels may call <cmath> functions such as sqrtf, expf, fmaxf, std::min, std::max, abs, and helpers whose body is one 'return' of an expression over scalar parameters
  [[exo::parallel(thread)]] for (int t = 0; t < 8; ++t) y[twice(t)] = t;
}
