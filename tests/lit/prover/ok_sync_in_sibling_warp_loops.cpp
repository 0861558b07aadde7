// Two sibling warp loops: each warp writes its 32 elements, meets at its own barrier
// inside the first loop, and reads them reversed in the second. The barrier sits inside
// a parallel loop, below the point the two accesses share; it orders them because they
// are made by lanes of one warp, which both run it (a barrier stands only where its
// loops' iterations are whole copies of its scope). Drop it and the race is reported.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// RUN: sed -e '/each warp meets here/d' %s > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: error: data race on 's'
#include <exo/exo.hpp>

[[exo::kernel]] void reverse_by_warp(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 65536);
  exo::extent(x, n * 64);
  exo::extent(y, n * 64);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[64];
    [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w) {
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) s[32 * w + t] = x[b * 64 + 32 * w + t];
      [[exo::sync(warp)]];  // each warp meets here
    }
    [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w)
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 64 + 32 * w + t] = s[32 * w + 31 - t];
  }
}
