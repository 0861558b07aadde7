// The second warp loop reads the row another warp wrote: warp w reads s[3 - w], so a
// warp-scope barrier does not cover the pair; a block barrier is needed.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 's': thread ({{[0-9]+}}, {{[0-9]+}}) writes s[{{[0-9]+}}][{{[0-9]+}}] that thread ({{[0-9]+}}, {{[0-9]+}}) reads with no 'exo::sync(block)' between them
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[4][32];
  [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w)
    [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) s[w][l] = x[w * 32 + l];
  [[exo::sync(warp)]];
  [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w)
    [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) y[w * 32 + l] = s[3 - w][l];
}
