// A barrier under a uniform `if` in an earlier iteration of a sequential loop orders an
// access before the loop with the accesses of the later iterations: the barrier runs at
// l == 0 (before the read of that iteration), and every later read comes after it.
// (Found by the brute-force cross-check at 5000 programs: such barriers used to count
// only in the iteration that shares the access.)
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[128];
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[t];
  for (int l = 0; l < 3; ++l) {
    if (l < 1) {
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[l * 128 + t] = s[127 - t];
  }
}
