// The same loop bound read from an array the kernel also writes: its value may change
// while threads disagree about it, so the barriers inside are divergent.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: 'exo::sync(block)' {{.*}}a loop bound that reads 'tiles' at run time that may differ between threads of the block (barrier divergence)
#include <exo/exo.hpp>

[[exo::kernel]] void ragged(int* __restrict__ tiles, const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[128];
  for (int j = 0; j < tiles[0]; ++j) {
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[j * 128 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[j * 128 + t] = s[127 - t];
    [[exo::sync(block)]];
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) tiles[1] = 0;
}
