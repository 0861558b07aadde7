// Grouped / ragged work: the number of tiles of group g is read from a global array the
// kernel never writes, at an index every thread of the block agrees on, so the loop
// bound is uniform and the barriers inside it are reached by all threads.
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]] void ragged(int groups, const int* __restrict__ tiles, const float* __restrict__ x,
                            float* __restrict__ y) {
  exo::assume(groups > 0);
  exo::assume(groups <= 65536);
  [[exo::parallel(block)]] for (int g = 0; g < groups; ++g) {
    [[exo::shared]] float s[128];
    for (int j = 0; j < tiles[g]; ++j) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[(g * 64 + j) * 128 + t];
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[g * 128 + t] += s[127 - t];
      [[exo::sync(block)]];
    }
  }
}
