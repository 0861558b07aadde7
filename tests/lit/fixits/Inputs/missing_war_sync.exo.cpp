#include <exo/exo.hpp>

// The loop-carried WAR of a tiled loop: the next k0 iteration overwrites s while the
// previous one may still read it. One block barrier at the end of the body fixes it.
[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) y[b * 256 + t] = 0.f;
    for (int k0 = 0; k0 < 4; ++k0) {
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
        s[t] = x[b * 256 + t] * k0;
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
        y[b * 256 + t] += s[255 - t];
    }
  }
}
