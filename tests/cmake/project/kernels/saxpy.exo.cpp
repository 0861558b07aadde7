#include <exo/exo.hpp>
#include "tile.hpp"
#include "exo_user/scale.hpp"

[[exo::kernel]]
void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % kTile == 0);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / kTile; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < kTile; ++t)
      y[b * kTile + t] = a * x[b * kTile + t] + y[b * kTile + t];
}

// y *= EXO_USER_SCALE (a compile definition of the targets), in blocks of kScaleThreads
// (from a header in the targets' include directory).
[[exo::kernel]]
void scale(int n, float* __restrict__ y) {
  exo::assume(n % kScaleThreads == 0);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / kScaleThreads; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < kScaleThreads; ++t)
      y[b * kScaleThreads + t] = EXO_USER_SCALE * y[b * kScaleThreads + t];
}

// y += EXO_USER_SHIFT (a -D in the targets' compile options), in blocks of kShiftThreads
// (from the header the compile options force-include).
[[exo::kernel]]
void shift(int n, float* __restrict__ y) {
  exo::assume(n % kShiftThreads == 0);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / kShiftThreads; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < kShiftThreads; ++t)
      y[b * kShiftThreads + t] = y[b * kShiftThreads + t] + EXO_USER_SHIFT;
}

#ifdef EXO_USER_DEBUG
// Debug configurations only (a $<CONFIG:Debug> definition of the GPU target): y = 0.
[[exo::kernel]]
void debug_clear(int n, float* __restrict__ y) {
  exo::assume(n % kTile == 0);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / kTile; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < kTile; ++t)
      y[b * kTile + t] = 0.f;
}
#endif
