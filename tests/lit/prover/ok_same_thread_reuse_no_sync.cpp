// a correct kernel: the prover must accept it
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      s[t] = x[b * 256 + t];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + t] = s[t] * 2.f;
  }
}
