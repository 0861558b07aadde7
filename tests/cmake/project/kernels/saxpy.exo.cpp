#include <exo/exo.hpp>
#include "tile.hpp"

[[exo::kernel]]
void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % kTile == 0);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / kTile; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < kTile; ++t)
      y[b * kTile + t] = a * x[b * kTile + t] + y[b * kTile + t];
}
