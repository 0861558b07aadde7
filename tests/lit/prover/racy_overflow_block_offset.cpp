// A block offset b * 2^23 wraps in int for b >= 256: block 512 would write where block 0
// writes (the generated CUDA computes the wrapped index). The prover's integers do not
// wrap, so it must prove that no operation leaves its type; the witness is replayed with
// C++'s meaning, and the note's fix-it bounds n (fixits/apply_overflow_bound.test applies it).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
// CHECK: racy_overflow_block_offset.cpp:[[@LINE+17]]:9: error: the product 'b * 8388608' in the index of 'y' may overflow 'int': its value can be 2147483648 (256 * 8388608), outside [-2147483648, 2147483647]
// CHECK-NEXT: y[b * 8388608 + t] = x[b * 256 + t];
// CHECK-NEXT: ^~~~~~~~~~~
// CHECK-NEXT: racy_overflow_block_offset.cpp:[[@LINE+14]]:9: note: for example with n = 65792; b = 256
// CHECK: racy_overflow_block_offset.cpp:[[@LINE+7]]:3: note: insert 'exo::assume(n <= 65791);' at the top of the kernel so that 'b * 8388608 + t' fits in 'int'
// CHECK-NOT: error:
// CHECK: 1 error generated.
#include <exo/exo.hpp>

[[exo::kernel]]
void offsets(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
#ifdef FIXED
  exo::assume(n <= 65791);  // the largest n: block 256 of n = 65792 would overflow
#endif
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 8388608 + t] = x[b * 256 + t];
}
