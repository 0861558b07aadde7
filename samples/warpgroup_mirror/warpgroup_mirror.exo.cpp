// warpgroup_mirror: y[i] = x[i] + 0.5 * x[mirror(i)], where mirror swaps lane t and lane
// 127 - t within each 128-element row.
// Demonstrates warpgroup-level parallelism: two warpgroups per block
// ([[exo::parallel(warpgroup)]]), each staging its rows in shared memory and ordering
// them with a warpgroup barrier ([[exo::sync(warpgroup)]] -> a 128-thread named
// barrier): lane t reads what lane 127 - t, in another warp, wrote. The shared buffer
// is 96 KiB, above the 48 KiB static limit, so it lives in dynamic shared memory.
#include <exo/exo.hpp>

constexpr int kRows = 96;               // rows per warpgroup
constexpr int kTile = 2 * 128 * kRows;  // elements per block

[[exo::kernel]]
void warpgroup_mirror(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % kTile == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / kTile; ++b) {
    [[exo::shared]] float buf[2][kRows * 128];
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 2; ++g) {
      const int base = b * kTile + g * kRows * 128;
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
        for (int r = 0; r < kRows; ++r) buf[g][r * 128 + t] = x[base + r * 128 + t];
      [[exo::sync(warpgroup)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
        for (int r = 0; r < kRows; ++r)
          y[base + r * 128 + t] = buf[g][r * 128 + t] + 0.5f * buf[g][r * 128 + 127 - t];
    }
  }
}
