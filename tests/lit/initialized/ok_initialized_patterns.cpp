// Reads covered by a write in the same iterations, by the previous iteration (a
// prefix sum), by the first iteration (a select that starts the sum), and by a
// sibling thread nest (a distributed array set by one nest, used by another).
// RUN: %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 256);
  exo::extent(y, n * 256);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::registers]] float acc[32][2];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      for (int c = 0; c < 2; ++c) acc[t][c] = 0.f;
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      float p[8];
      p[0] = x[(b * 32 + t) * 8];
      for (int e = 1; e < 8; ++e) p[e] = p[e - 1] + x[(b * 32 + t) * 8 + e];
      float s[1];
      for (int e = 0; e < 8; ++e) s[0] = (e == 0 ? 0.f : s[0]) + p[e];
      for (int e = 0; e < 8; ++e) y[(b * 32 + t) * 8 + e] = p[e] + s[0];
      acc[t][1] += s[0];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[(b * 32 + t) * 8] = acc[t][0] + acc[t][1];
  }
}
