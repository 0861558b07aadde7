// The barrier is guarded by `k + 2 < nk` while the prefetch runs for `k + 1 < nk`: at
// the second-to-last iteration the last stage is written with no barrier before it is
// read. The witness is that iteration.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 's': thread ({{[0-9]+}}) writes s[{{[01]}}][{{[0-9]+}}] that thread ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: note: for example with nk = [[#NK:]];
// CHECK-SAME: the first access at k = [[#NK-2]], the second access at k = [[#NK-1]]
#include <exo/exo.hpp>

[[exo::kernel]] void pipe(int nk, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nk > 0);
  exo::assume(nk <= 65536);
  [[exo::shared]] float s[2][128];
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[0][t] = x[t];
  [[exo::sync(block)]];
  for (int k = 0; k < nk; ++k) {
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[k * 128 + t] = s[k % 2][127 - t];
    if (k + 1 < nk) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[(k + 1) % 2][t] = x[(k + 1) * 128 + t];
    }
    if (k + 2 < nk) {
      [[exo::sync(block)]];
    }
  }
}
