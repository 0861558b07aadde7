// a correct kernel (a thread loop with step 2 inside a warp loop): the prover must accept it, and the
// generated CUDA must compute the sequential result (tests/emulation)
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

// Each warp doubles every even-indexed element of its 64-float slice.
[[exo::kernel]]
void stepprec(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w)
    [[exo::parallel(thread)]] for (int t = 0; t < 64; t += 2)
      y[w * 64 + t] = 2.f * x[w * 64 + t];
}
