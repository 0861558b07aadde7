// sync in a loop whose trip count is read from global memory that the kernel never
// writes (x is const): every thread reads the same x[0], so every thread runs the same
// number of barriers. Refused before (any memory read counted as divergent); the
// divergent case, an array the kernel writes, is racy_tile_count_written.cpp.
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      s[t] = x[b * 256 + t];
    [[exo::sync(block)]];
    for (int r = 0; r < (int)x[0]; ++r) {
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + t] = s[t];
  }
}
