// Input of apply_overflow_bound.test: b * 2^23 overflows int for b >= 256.
#include <exo/exo.hpp>

[[exo::kernel]]
void offsets(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 8388608 + t] = x[b * 256 + t];
}
