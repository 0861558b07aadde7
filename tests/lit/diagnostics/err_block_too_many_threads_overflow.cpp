// err_block_too_many_threads when the thread count would overflow 64-bit arithmetic
// (2^21 x 2^21 x 2^22 threads): still one clear error, never a silently empty kernel.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]] void k(float* __restrict__ y) {
  // CHECK: err_block_too_many_threads_overflow.cpp:[[@LINE-1]]:47: error: a block of this kernel needs over a million threads; the limit is 1024
  [[exo::parallel(thread)]] for (int a = 0; a < 2097152; ++a)
  [[exo::parallel(thread)]] for (int b = 0; b < 2097152; ++b)
  [[exo::parallel(thread)]] for (int c = 0; c < 4194304; ++c) y[c] = 1.f;
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
