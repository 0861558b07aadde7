// CPU check of warp_reduce: the sequential warp-tree row sums against a plain
// left-to-right sum of each row (accumulated in double).
#include "warp_reduce.exo.cpp"

#include "../common/sample_util.hpp"

int main() {
  const int R = 4 * 11;
  std::vector<float> x(R * 128), out(R, -1.f), ref(R);
  sample::fill_random(x, 5);
  for (int r = 0; r < R; ++r) {
    double s = 0;
    for (int c = 0; c < 128; ++c) s += x[r * 128 + c];
    ref[r] = static_cast<float>(s);
  }

  warp_reduce(R, x.data(), out.data());

  return sample::check("warp_reduce", "R=44", out, ref, 1e-5) ? 0 : 1;
}
