// xor in an index: t ^ 1 swaps neighbours, a bijection of [0, 256). Refused before '^'
// was modelled; now proven (bit by bit: t is a loop variable below 256).
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + (t ^ 1)] = x[b * 256 + t];
  }
}
