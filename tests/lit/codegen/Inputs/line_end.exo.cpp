// A kernel that ends on the last line of its file (codegen/line_directives.test).
#include <exo/exo.hpp>

[[exo::kernel]]
void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
    y[b * 256 + t] = a * x[b * 256 + t] + y[b * 256 + t];
}
