// A barrier that runs in another iteration of a sequential loop than the access orders
// it: the read at l == 1 comes after iteration 0's barrier, which runs after the write
// before the loop; the write at l == 0 comes before iteration 1's barrier, which runs
// before the read after the loop.
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[32];
  [[exo::shared]] float u[32];
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) s[t] = x[t];
  for (int l = 0; l < 2; ++l) {
    if (l == 1) {
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = s[31 - t];
    }
    [[exo::sync(block)]];
  }
  for (int l = 0; l < 2; ++l) {
    [[exo::sync(block)]];
    if (l == 0) {
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) u[t] = x[t];
    }
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[32 + t] = u[31 - t];
}
