// a correct kernel: the prover must accept it
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[2][128];
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 2; ++g) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
        s[g][t] = x[b * 256 + g * 128 + t];
      [[exo::sync(warpgroup)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
        y[b * 256 + g * 128 + t] = s[g][127 - t];
    }
  }
}
