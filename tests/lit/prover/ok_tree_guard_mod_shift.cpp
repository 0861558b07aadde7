// Interleaved tree reduction guarded by `t % (2 << l) == 0`: the divisor depends on the
// sequential level l (constant range), so the guard is modelled exactly, one constant
// divisor per level. Before, the guard was dropped and the prover printed
// counterexamples with threads the guard excludes.
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]] void tree(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[64];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) s[t] = x[t];
  [[exo::sync(block)]];
  for (int l = 0; l < 6; ++l) {
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
      if (t % (2 << l) == 0) s[t] += s[t + (1 << l)];
    [[exo::sync(block)]];
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[t] = s[0];
}
