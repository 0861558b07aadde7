// The same unsigned comparison with a disjoint target: threads t < 32 and t >= 40 each
// write their own y[t]. Accepted, and the emulation test runs the generated CUDA
// against the sequential program (the comparison must stay unsigned there too).
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

enum Width : unsigned { kWidth = 8 };

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    if (t - 32 >= kWidth)
      y[t] = x[t];
}
