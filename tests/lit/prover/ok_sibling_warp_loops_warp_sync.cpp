// A warp-scope barrier between two sibling warp loops orders each warp's accesses in the
// first loop before the same warp's accesses in the second: iteration w of both loops
// runs on the same 32 threads (ThreadMapping), and __syncwarp() covers them. The second
// barrier orders the read before the next iteration's write (loop-carried).
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0);
  exo::assume(n <= 65536);
  [[exo::shared]] float s[4][32];
  for (int k = 0; k < n; ++k) {
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w)
      [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) s[w][l] = x[k * 128 + w * 32 + l];
    [[exo::sync(warp)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w)
      [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) y[k * 128 + w * 32 + l] = s[w][31 - l];
    [[exo::sync(warp)]];
  }
}
