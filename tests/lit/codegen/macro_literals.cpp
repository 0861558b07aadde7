// Literals that come from macros (a -D definition, as exo_add_kernels passes a target's
// COMPILE_DEFINITIONS, or a #define) keep their spelling in the generated code: a float
// literal has no other text, and was printed as nothing (`y =  * y`).
// RUN: %exo-cuda %s -- -DSCALE=3.0f -DTILE=64 | FileCheck %s
// (Without the -D, as the emulation test runs it, the #ifndef defaults apply.)
#include <exo/exo.hpp>
#ifndef SCALE
#define SCALE 2.0f
#endif
#ifndef TILE
#define TILE 32
#endif
#define BIAS 0x10u
#define HALF 0.5f
#define TWICE(v) (2.0 * (v))

[[exo::kernel]]
void k(int n, float* __restrict__ y) {
  exo::assume(n % TILE == 0);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / TILE; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < TILE; ++t)
      y[b * TILE + t] = SCALE * y[b * TILE + t] + HALF + (float)TWICE(1.5) + BIAS;
}
// CHECK: __launch_bounds__(64)
// CHECK: y[b * 64 + t] = 3.0f * y[b * 64 + t] + 0.5f + (float)(2.0 * 1.5) + 16u;
// CHECK: if (!(n % 64 == 0)) return cudaErrorInvalidValue;
