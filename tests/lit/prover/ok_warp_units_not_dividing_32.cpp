// a correct kernel (a 10x3 thread nest inside a warp: lane (i, j) = 3 i + j writes and reads the same element): the prover must accept it, and the
// generated CUDA must compute the sequential result (tests/emulation)
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

// Each warp copies 30 floats through shared memory, then reads them back lane-wise.
[[exo::kernel]]
void warpunits(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[64];
  [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w) {
    [[exo::parallel(thread)]] for (int i = 0; i < 10; ++i)
      [[exo::parallel(thread)]] for (int j = 0; j < 3; ++j)
        s[w * 32 + i * 3 + j] = x[w * 32 + i * 3 + j];
    [[exo::parallel(thread)]] for (int t = 0; t < 30; ++t)
      y[w * 32 + t] = s[w * 32 + t];
  }
}
