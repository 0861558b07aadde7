// err_shared_too_large: at most 227 KiB of shared memory per block.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifdef FIXED
#define ROWS 227
#else
#define ROWS 228
#endif

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    // CHECK: err_shared_too_large.cpp:[[@LINE+1]]:21: error: shared arrays of this kernel need 233472 bytes per block; the limit is 232448 (227 KiB)
    [[exo::shared]] float s[ROWS][256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      for (int r = 0; r < ROWS; ++r) s[r][t] = 1.f;
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) out[b * 256 + t] = s[ROWS - 1][255 - t];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
