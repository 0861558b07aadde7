// err_reserved_name: the generated CUDA names its own variables exo_*; user names may not.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifdef FIXED
#define NAME tid
#else
#define NAME exo_tid
#endif

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    // CHECK: err_reserved_name.cpp:[[@LINE+1]]:40: error: 'exo_tid' is reserved: names starting with 'exo_' are used by the generated CUDA; rename it
    [[exo::parallel(thread)]] for (int NAME = 0; NAME < 32; ++NAME) out[b * 32 + NAME] = 1.f;
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
