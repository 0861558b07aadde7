// CPU check of warpgroup_mirror: the sequential kernel against a plain loop.
#include "warpgroup_mirror.exo.cpp"

#include "../common/sample_util.hpp"

int main() {
  const int n = 3 * kTile;
  std::vector<float> x(n), y(n, -1.f), ref(n);
  sample::fill_random(x, 7);
  for (int i = 0; i < n; ++i) {
    const int row = i / 128, t = i % 128;
    ref[i] = x[i] + 0.5f * x[row * 128 + 127 - t];
  }

  warpgroup_mirror(n, x.data(), y.data());

  return sample::check("warpgroup_mirror", "n=3 tiles", y, ref, 1e-6) ? 0 : 1;
}
