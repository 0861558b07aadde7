// The same ring with `nb <= 16` over 8 slots: for nb > 8 the slot (k + 1) % nb can be 8
// or more, past the end of s. The witness names such an nb.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: index '(k + 1) % nb' (= {{[0-9]+}}) of 's' out of bounds (extent 8)
#include <exo/exo.hpp>

[[exo::kernel]] void ring(int nb, int nk, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nb > 0 && nb <= 16 && nk > 0);
  exo::assume(nk <= 65536);
  [[exo::shared]] float s[8][64];
  for (int k = 0; k < nk; ++k) {
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) s[(k + 1) % nb][t] = x[k * 64 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[k * 64 + t] = s[(k + 1) % nb][63 - t];
    [[exo::sync(block)]];
  }
}
