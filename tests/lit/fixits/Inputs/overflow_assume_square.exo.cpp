// Input of apply_overflow_bound.test: the launcher's check 'k * k <= 1024' wraps for k >= 46341.
#include <exo/exo.hpp>

[[exo::kernel]]
void square(int k, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(k > 0 && k * k <= 1024);
  [[exo::parallel(block)]] for (int b = 0; b < k * k; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] = x[b * 32 + t];
}
