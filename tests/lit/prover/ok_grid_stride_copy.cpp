// Grid-stride cooperative copies into shared memory: `for (e = t; e < N; e += 256)`
// inside the block's thread loop, for a 1-D tile of 1000 floats and a 2-D 18 x 18 tile
// with its halo (element e at s[e / 18][e % 18]). That every read sees a written value
// needs the writing thread found from the element: the copy loop starts at t, so t is
// the element's remainder by the stride and the iteration its quotient
// (checker/ProverInitialized). initialized/shared_reads_grid_stride_short.cpp stops the
// copy one element short.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void gather(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n >= 1 && n <= 1024);
  exo::extent(x, n * 1024);
  exo::extent(y, n * 256);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[1000];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      for (int e = t; e < 1000; e += 256) s[e] = x[b * 1024 + e];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) y[b * 256 + t] = s[999 - t] + s[t * 3];
  }
}

// A 5-point stencil on 16 x 16 tiles of a (16 n + 2)-wide padded image.
[[exo::kernel]]
void stencil2d(int n, const float* __restrict__ img, float* __restrict__ out) {
  exo::assume(n >= 1 && n <= 64);
  exo::extent(img, 16 * n + 2, 16 * n + 2);
  exo::extent(out, 16 * n, 16 * n);
  [[exo::parallel(block)]] for (int bi = 0; bi < n; ++bi)
  [[exo::parallel(block)]] for (int bj = 0; bj < n; ++bj) {
    [[exo::shared]] float s[18][18];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      for (int e = t; e < 18 * 18; e += 256) s[e / 18][e % 18] = img[(bi * 16 + e / 18) * (16 * n + 2) + bj * 16 + e % 18];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int i = 0; i < 16; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < 16; ++j)
      out[(bi * 16 + i) * (16 * n) + bj * 16 + j] =
          s[i + 1][j + 1] - 0.25f * (s[i][j + 1] + s[i + 2][j + 1] + s[i + 1][j] + s[i + 1][j + 2]);
  }
}
