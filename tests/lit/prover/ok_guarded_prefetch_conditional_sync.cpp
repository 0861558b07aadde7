// The guarded prefetch of a pipelined loop: the next stage is loaded and the barrier
// runs under `if (k + 1 < nk)`, a condition every thread evaluates alike. The barrier
// counts on the path where the condition holds: it orders the read of stage k % 2 at
// iteration k before its overwrite at iteration k + 1 (which needs k + 1 < nk too).
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]] void pipe(int nk, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nk > 0);
  exo::assume(nk <= 65536);
  [[exo::shared]] float s[2][128];
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[0][t] = x[t];
  [[exo::sync(block)]];
  for (int k = 0; k < nk; ++k) {
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[k * 128 + t] = s[k % 2][127 - t];
    if (k + 1 < nk) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[(k + 1) % 2][t] = x[(k + 1) * 128 + t];
      [[exo::sync(block)]];
    }
  }
}
