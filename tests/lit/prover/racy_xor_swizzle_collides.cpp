// A swizzle that is not a bijection: (c ^ r) & 15 maps columns c and c ^ 16 of a row to
// one element, so two threads of one row write it. The witness is a real pair.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+7]]:5: error: data race on 's': thread ({{[0-9]+}}, {{[0-9]+}}) writes s[{{[0-9]+}}][{{[0-9]+}}] that thread ({{[0-9]+}}, {{[0-9]+}}) also writes
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[32][16];
  [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c)
    s[r][(c ^ r) & 15] = x[r * 32 + c];
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 16; ++c)
      y[r * 16 + c] = s[r][c];
}
