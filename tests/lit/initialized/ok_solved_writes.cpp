// Writes whose loops the check solves from the element: a pair per step (a[2 * i],
// a[2 * i + 1]), a ring of slots (a[k % 4]), a loop whose start the inner loop reads
// (j = i ..), and a flat index of two loops (a[i * 4 + j], mixed radix). Each read is
// proven covered.
// RUN: %exo-cuda --check-only %s -- -std=c++17 -I%exo-include 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error
#include <exo/exo.hpp>
[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n * 32);
  exo::extent(y, n * 128);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float pairs[8];
    for (int i = 0; i < 4; ++i) {
      pairs[2 * i] = x[b * 32 + t];
      pairs[2 * i + 1] = 0.f;
    }
    y[b * 32 + t] = pairs[t % 8];
    float ring[4];
    for (int k = 0; k < 8; ++k) ring[k % 4] = x[b * 32 + t];
    y[n * 32 + b * 32 + t] = ring[t % 4];
    float tri[4];
    for (int i = 0; i < 4; ++i)
      for (int j = i; j < 4; ++j) tri[j] = x[b * 32 + t];
    y[n * 64 + b * 32 + t] = tri[t % 4];
    float flat[16];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) flat[i * 4 + j] = x[b * 32 + t];
    y[n * 96 + b * 32 + t] = flat[t % 16];
  }
}
