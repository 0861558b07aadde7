// a correct kernel: the prover must accept it
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float part[8][32];
    [[exo::parallel(warp)]] for (int w = 0; w < 8; ++w) {
      [[exo::parallel(thread)]] for (int lane = 0; lane < 32; ++lane)
        part[w][lane] = x[b * 256 + w * 32 + lane];
      [[exo::sync(warp)]];
      [[exo::parallel(thread)]] for (int lane = 0; lane < 32; ++lane)
        y[b * 256 + w * 32 + lane] = part[w][31 - lane];
    }
  }
}
