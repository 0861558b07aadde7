// a correct kernel: an int widened to long keeps its value, so `base` is 2 t
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    long base = t * 2;
    y[base] = x[t];
  }
}
