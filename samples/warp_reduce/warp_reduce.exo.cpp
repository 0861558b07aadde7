// warp_reduce: out[r] = x[r][0] + ... + x[r][127] for an R x 128 row-major matrix.
// Demonstrates warp-level parallelism: each block takes 4 rows, one warp per row
// ([[exo::parallel(warp)]]), the 32 lanes are a thread loop inside the warp, and the
// per-warp tree reduction in shared memory is ordered by warp barriers
// ([[exo::sync(warp)]]) instead of block barriers.
#include <exo/exo.hpp>

[[exo::kernel]]
void warp_reduce(int R, const float* __restrict__ x, float* __restrict__ out) {
  exo::assume(R % 4 == 0);
  exo::assume(R <= 1048576);  // indices fit in int
  [[exo::parallel(block)]] for (int g = 0; g < R / 4; ++g) {
    [[exo::shared]] float part[4][32];  // part[w]: the partial sums of warp w
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      const int row = g * 4 + w;
      // Lane l sums columns l, l + 32, l + 64, l + 96 (coalesced loads).
      [[exo::parallel(thread)]] for (int lane = 0; lane < 32; ++lane) {
        float sum = 0.f;
        for (int k = 0; k < 4; ++k) sum += x[row * 128 + k * 32 + lane];
        part[w][lane] = sum;
      }
      [[exo::sync(warp)]];
      // Level l folds part[w][h, 2h) onto part[w][0, h), h = 16 >> l.
      for (int l = 0; l < 5; ++l) {
        [[exo::parallel(thread)]] for (int lane = 0; lane < 16; ++lane)
          if (lane < (16 >> l)) part[w][lane] += part[w][lane + (16 >> l)];
        [[exo::sync(warp)]];
      }
      [[exo::parallel(thread)]] for (int lane = 0; lane < 1; ++lane)
        out[row] = part[w][0];
    }
  }
}
