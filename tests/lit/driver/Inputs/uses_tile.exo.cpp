#include <exo/exo.hpp>
#include "tile.hpp"

[[exo::kernel]]
void scale(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % kWidth == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / kWidth; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < kWidth; ++t)
      y[b * kWidth + t] = 2.f * x[b * kWidth + t];
}
