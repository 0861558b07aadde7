// CPU check of saxpy: the sequential kernel against a plain loop.
#include "saxpy.exo.cpp"

#include "../common/sample_util.hpp"

int main() {
  const int n = 256 * 37;  // a non-power-of-two number of blocks
  const float a = 1.75f;
  std::vector<float> x(n), y(n), ref(n);
  sample::fill_random(x, 1);
  sample::fill_random(y, 2);
  for (int i = 0; i < n; ++i) ref[i] = a * x[i] + y[i];

  saxpy(n, a, x.data(), y.data());

  return sample::check("saxpy", "n=9472", y, ref, 1e-5) ? 0 : 1;
}
