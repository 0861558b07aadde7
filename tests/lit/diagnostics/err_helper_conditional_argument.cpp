// A helper is inlined with its arguments in place of its parameters, but C++ evaluates
// every argument once, before the call. An argument the helper reads only in an arm of
// `?:` (or after `&&` / `||`, or never) would leave its reads, divisions and overflows out
// of the proof: `pick(t < 63, x[t + 1], 0.f)` reads x[64] at t = 63 in the sequential
// program (AddressSanitizer reports it), and was accepted (review of the twentieth
// session). Such an argument is refused unless it is a variable or a literal.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include 2>&1 | FileCheck %s --check-prefix=PICK
// PICK: err_helper_conditional_argument.cpp:[[@LINE+32]]:78: error: an argument that 'pick' reads only under a condition, or not at all, is not supported in an exo kernel; C++ evaluates every argument before the call: compute it into a variable in the kernel first, or read the parameter unconditionally in the helper
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DDROPPED 2>&1 | FileCheck %s --check-prefix=DROPPED
// DROPPED: error: an argument that 'first' reads only under a condition, or not at all, is not supported
// Computed into a variable first, the read is the kernel's own, and the bounds check
// sees it run at t = 63:
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DVARIABLE 2>&1 | FileCheck %s --check-prefix=VARIABLE
// VARIABLE: error: index 't + 1' (= 64) of 'x' out of bounds (extent 64) for thread (63)
// A variable or a literal is passed as it is, and a default argument is its expression:
// RUN: %exo-cuda --check-only %s -- -I%exo-include -DPLAIN
#include <exo/exo.hpp>

inline float pick(bool c, float a, float b) { return c ? a : b; }
inline int first(int a, int b) { return a; }
inline int twice(int a, int b = 1) { return 2 * a + b - 1; }

[[exo::kernel]]
void k(const float* __restrict__ x, float* __restrict__ y) {
  exo::extent(x, 64);
  exo::extent(y, 128);
#if defined(DROPPED)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[first(t, 64 / (t - 5))] = x[t];
#elif defined(VARIABLE)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const float next = x[t + 1];
    y[t] = pick(t < 63, next, 0.f);
  }
#elif defined(PLAIN)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const float v = x[t];
    y[twice(t)] = pick(t < 63, v, 0.f);
  }
#else
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[t] = pick(t < 63, x[t + 1], 0.f);
#endif
}
