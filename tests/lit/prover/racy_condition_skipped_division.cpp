// A division that C may skip (`m == 0 || (t / m > 0 && x[t] > 1.f)`: with m == 0 it is
// never evaluated) inside a condition the encoder cannot encode whole (it reads x). The
// encoder had already noted the division's `m != 0` when it met x[t], and that fact stayed
// in the instance unguarded: executions with m == 0 were ruled out, and each kernel below
// was proven although with m == 0 every thread writes y[0], reads x[t + 256], or divides
// by zero (a false accept, found by a review of the twenty-third session; the form
// without the leading x[t] > 0.f predates that session). Facts of an operand that
// cannot be encoded are now dropped with it (Encoder::dropFactsFrom).
// RUN: not %exo-cuda --check-only %s -- -DBRANCH 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: not %exo-cuda --check-only %s -- -DWHOLE 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: not %exo-cuda --check-only %s -- -DASSUME 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: data race on 'y': thread (1) writes y[0] that thread (0) also writes
// RUN: not %exo-cuda --check-only %s -- -DGUARD 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: error: index 'm == 0 ? t + 256 : t' (= {{[0-9]+}}) of 'x' out of bounds (extent 256)
// RUN: not %exo-cuda --check-only %s -- -DBODY 2>&1 | FileCheck %s --check-prefix=BODY
// BODY: error: the quotient 't / m' in a stored value may divide by zero: its divisor 'm' can be 0
#include <exo/exo.hpp>

[[exo::kernel]] void k(int m, int n, float alpha, const float* __restrict__ x, float* __restrict__ y) {
#ifdef ASSUME
  exo::assume(n >= 0 && alpha > 0.f && (m == 0 || (n / m >= 0 && alpha > 1.f)));
#endif
  exo::extent(x, 256);
  exo::extent(y, 256);
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
#if defined(BRANCH)
    if (x[t] > 0.f && (m == 0 || (t / m > 0 && x[t] > 1.f))) y[m == 0 ? 0 : t] = x[t];
#elif defined(WHOLE)
    if (m == 0 || (t / m > 0 && x[t] > 1.f)) y[m == 0 ? 0 : t] = x[t];
#elif defined(ASSUME)
    y[m == 0 ? 0 : t] = x[t];
#elif defined(GUARD)
    y[t] = (x[t] > 0.f && (m == 0 || (t / m > 0 && x[t] > 1.f)) && x[m == 0 ? t + 256 : t] > 2.f) ? 1.f : 0.f;
#elif defined(BODY)
    if (x[t] > 0.f && (m == 0 || (t / m > 0 && x[t] > 1.f))) y[t] = static_cast<float>(t / m);
#endif
  }
}
