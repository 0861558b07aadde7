// A sequential-address tree reduction whose strides are written from the level,
// `128 >> (l + 1)`: the shift amount is a function of one loop variable with constant
// bounds, so each level is a constant shift (one case per value of l), as for `t >> l`.
// RUN: %exo-cuda --check-only %s
// With the read's stride one level off (`128 >> l`), at level 0 thread t < 64 reads
// s[t + 128], past the end; modelled per level, the witness is a real thread and level.
// RUN: not %exo-cuda --check-only %s -- -DOFF_BY_ONE 2>&1 | FileCheck %s
// CHECK: error: index 't + (128 >> l)' (= {{[0-9]+}}) of 's' out of bounds (extent 128)
// CHECK: note: for example with l = 0
#include <exo/exo.hpp>

#ifdef OFF_BY_ONE
#define READ_LEVEL l
#else
#define READ_LEVEL (l + 1)
#endif

[[exo::kernel]] void tree(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[128];
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[t];
  [[exo::sync(block)]];
  for (int l = 0; l < 7; ++l) {
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
      if (t < (128 >> (l + 1))) s[t] += s[t + (128 >> READ_LEVEL)];
    [[exo::sync(block)]];
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[t] = s[0];
}
