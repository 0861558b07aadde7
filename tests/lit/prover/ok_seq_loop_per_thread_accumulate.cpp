// a correct kernel: the prover must accept it
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      float acc = 0.f;
      for (int k = 0; k < 8; ++k) acc += x[(b * 256 + t) * 8 + k];
      y[b * 256 + t] = acc;
    }
  }
}
