// a correct kernel (inner thread units (3) that do not divide the enclosing unit (7): the thread that writes s[7] also reads it): the prover must accept it, and the
// generated CUDA must compute the sequential result (tests/emulation)
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void units(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[14];
  [[exo::parallel(thread)]] for (int i = 0; i < 2; ++i) {
    [[exo::parallel(thread)]] for (int m = 0; m < 2; ++m)
      [[exo::parallel(thread)]] for (int p = 0; p < 3; ++p)
        s[i * 7 + m * 3 + p] = x[i * 7 + m * 3 + p];
    [[exo::parallel(thread)]] for (int j = 0; j < 7; ++j)
      if (j < 6) y[i * 7 + j] = s[i * 7 + j];
  }
}
