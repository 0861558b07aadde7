// saxpy: y = a * x + y.
// Demonstrates the smallest exo kernel: an assume on a scalar parameter, one
// block loop over n / 256 tiles, and a 256-thread loop doing one element each.
#include <exo/exo.hpp>

[[exo::kernel]]
void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
    y[b * 256 + t] = a * x[b * 256 + t] + y[b * 256 + t];
}
