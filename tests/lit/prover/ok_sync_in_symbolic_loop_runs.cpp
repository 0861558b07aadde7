// The only barrier between the write of s and the read after the loop is inside a loop
// whose trip count is symbolic: it runs when the loop's first iteration does, which the
// assume guarantees (nk >= 1). Refused before with a witness at nk = 1 that was not an
// execution: at nk = 1 the barrier runs once, between the two accesses. The case where
// the loop may run zero times is racy_sync_in_symbolic_loop_may_skip.cpp.
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void passes(int nk, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nk >= 1 && nk <= 64);
  [[exo::parallel(block)]] for (int b = 0; b < 256; ++b) {
    [[exo::shared]] float s[128];
    [[exo::shared]] float u[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[b * 128 + t];
    for (int k = 0; k < nk; ++k) {
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) u[t] = s[127 - t] * 2.f;
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = s[127 - t] + u[t];
  }
}
