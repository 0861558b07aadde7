// CPU check of block_reduce: the sequential tree reduction against a plain
// left-to-right sum of each 512-element chunk (accumulated in double).
#include "block_reduce.exo.cpp"

#include "../common/sample_util.hpp"

int main() {
  const int blocks = 13, n = 512 * blocks;
  std::vector<float> x(n), out(blocks, -1.f), ref(blocks);
  sample::fill_random(x, 3);
  for (int b = 0; b < blocks; ++b) {
    double s = 0;
    for (int i = 0; i < 512; ++i) s += x[b * 512 + i];
    ref[b] = static_cast<float>(s);
  }

  block_reduce(n, x.data(), out.data());

  return sample::check("block_reduce", "n=6656", out, ref, 1e-5) ? 0 : 1;
}
