// err_collective_too_small: a warp has 32 threads, a warpgroup 128; a thread nest inside one
// may not need more.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w)
#ifdef FIXED
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[(b * 2 + w) * 32 + t] = 1.f;
#else
      // CHECK: err_collective_too_small.cpp:[[@LINE+1]]:7: error: this 'thread' loop needs 64 threads but the enclosing warp has only 32
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) out[(b * 2 + w) * 64 + t] = 1.f;
#endif
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
