// a correct kernel (thread loops with step 2 index shared memory rows 0, 2, 4, 6): the prover must accept it, and the
// generated CUDA must compute the sequential result (tests/emulation)
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void stepprec2(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[8][4];
  [[exo::parallel(thread)]] for (int i = 0; i < 8; i += 2)
    [[exo::parallel(thread)]] for (int j = 0; j < 4; ++j)
      s[i][j] = x[i * 4 + j];
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int i = 0; i < 8; i += 2)
    [[exo::parallel(thread)]] for (int j = 0; j < 4; ++j)
      y[i * 4 + j] = s[i][3 - j];
}
