// A barrier whose condition is the first place a parameter's quotient appears,
// `l + 1 >= n / 64`: the quotient's definition goes into every question that uses it,
// including those whose solver was made before the quotient was (found by the review of
// the thirteenth session: the quotient was left free there, so this correct kernel was
// refused with n = 64, where n / 64 is 1 and the barrier runs in every iteration).
// RUN: %exo-cuda --check-only %s
// With `(l + 1) % (n / 64) == 0` the barrier is skipped at l = 0 when n / 64 >= 2: a real
// race, whose witness must be such an n (it named n = 64 before, not an execution).
// RUN: not %exo-cuda --check-only %s -- -DSKIPPED 2>&1 | FileCheck %s
// CHECK: error: data race on 's'
// CHECK: note: for example with n = {{(12[89]|1[3-9][0-9])}}; the second access at l = 0
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
#ifdef SKIPPED
  exo::assume(n >= 64 && n <= 191);
#else
  exo::assume(n >= 64 && n <= 127);
#endif
  [[exo::parallel(block)]] for (int b = 0; b < 4; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[b * 128 + t];
    for (int l = 0; l < 3; ++l) {
#ifdef SKIPPED
      if ((l + 1) % (n / 64) == 0) {
#else
      if (l + 1 >= n / 64) {
#endif
        [[exo::sync(block)]];
      }
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[(b * 3 + l) * 128 + t] = s[127 - t];
    }
  }
}
