// Input of dump_model.test: a grid loop, shared and distributed register arrays, a
// warpgroup loop with a barrier, a warp loop, nested thread loops, an unsigned
// comparison (implicit casts) and a sequential loop.
#include <exo/exo.hpp>

[[exo::kernel]]
void dumped(int n, unsigned m, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 4 == 0);
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n / 4; ++b) {
    [[exo::shared]] float s[2][128];
    [[exo::registers]] float r[2][4][2];
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 2; ++g) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[g][t] = x[b * 256 + g * 128 + t];
      [[exo::sync(warpgroup)]];
      [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w)
      [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l)
        if (l < m) y[b * 256 + g * 128 + w * 32 + l] = s[g][127 - w * 32 - l];
    }
    [[exo::parallel(thread)]] for (int i = 0; i < 2; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < 4; ++j) {
      r[i][j][0] = 0.f; r[i][j][1] = 0.f;
      for (int k = 0; k < 3; k += 2) r[i][j][k / 2] += 1.5f;
    }
  }
}
