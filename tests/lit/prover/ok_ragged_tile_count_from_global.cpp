// Grouped / ragged work: the number of tiles of group g is read from a global array the
// kernel never writes (a modelled input: one value per element, the same for every
// thread), so the loop bound is uniform and the barriers inside it are reached by all
// threads. The count is clamped to the 64 tiles a group has: with the raw count, a
// large one would overflow the index (the prover shows the data that does it).
// RUN: %exo-cuda --check-only %s
// RUN: not %exo-cuda --check-only %s -- -DRAW_COUNT 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]] void ragged(int groups, const int* __restrict__ tiles, const float* __restrict__ x,
                            float* __restrict__ y) {
  exo::assume(groups > 0);
  exo::assume(groups <= 65536);
  [[exo::parallel(block)]] for (int g = 0; g < groups; ++g) {
    [[exo::shared]] float s[128];
#ifdef RAW_COUNT
    const int count = tiles[g];
#else
    const int count = tiles[g] < 64 ? tiles[g] : 64;
#endif
    for (int j = 0; j < count; ++j) {
      // CHECK: ok_ragged_tile_count_from_global.cpp:[[@LINE+2]]:{{[0-9]+}}: error: the sum 'g * 64 + j' in the index of 'x' may overflow 'int'
      // CHECK: note: for example with groups = {{[0-9]+}}; g = {{[0-9]+}}, j = {{[0-9]+}}; tiles[{{[0-9]+}}] = {{[0-9]+}}
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[(g * 64 + j) * 128 + t];
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[g * 128 + t] += s[127 - t];
      [[exo::sync(block)]];
    }
  }
}
