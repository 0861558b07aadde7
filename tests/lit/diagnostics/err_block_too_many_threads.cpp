// err_block_too_many_threads: CUDA blocks have at most 1024 threads.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifdef FIXED
#define N 1024
#else
#define N 1056
#endif

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    // CHECK: err_block_too_many_threads.cpp:[[@LINE+1]]:5: error: a block of this kernel needs 1056 threads; the limit is 1024
    [[exo::parallel(thread)]] for (int t = 0; t < N; ++t) out[b * N + t] = 1.f;
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
