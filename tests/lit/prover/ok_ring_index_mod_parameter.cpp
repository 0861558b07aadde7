// The ring index of a pipelined loop, `(k + 1) % nb`, divides by a parameter: within
// one iteration each thread writes its own slot of the next stage. Proven with
// 0 <= x % nb < nb (x >= 0, nb > 0), for every nb the assume allows.
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]] void ring(int nb, int nk, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nb > 0 && nb <= 8 && nk > 0);
  exo::assume(nk <= 65536);
  [[exo::shared]] float s[8][64];
  for (int k = 0; k < nk; ++k) {
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) s[(k + 1) % nb][t] = x[k * 64 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[k * 64 + t] = s[(k + 1) % nb][63 - t];
    [[exo::sync(block)]];
  }
}
