// a correct kernel: the prover must accept it
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 16 == 0 && n >= 16);
  exo::assume(n <= 32768);
  [[exo::parallel(block)]] for (int b = 0; b < n / 16; ++b) {
    [[exo::parallel(thread)]] for (int i = 0; i < 16; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < 16; ++j)
      y[(b * 16 + i) * n + j] = x[i * n + j];
  }
}
