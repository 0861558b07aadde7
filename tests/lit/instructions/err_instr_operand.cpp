// err_instr_operand: a global operand is the kernel's pointer parameter itself; the
// element it starts at is an integer operand of its own, so the prover can follow
// (and bound, and align) every element the instruction touches.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, float* __restrict__ out) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(A, 64 * n, 64);
  exo::extent(out, 64 * n, 64);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[64][64];
    [[exo::parallel(thread)]] for (int t = 0; t < 512; ++t) {
      const int row = t / 8, col = t % 8 * 8;
#ifdef FIXED
      exo::sm80::copy16(As, row, col, A, (b * 64 + row) * 64 + col);
#else
      // CHECK: err_instr_operand.cpp:[[@LINE+1]]:39: error: operand 'src' of 'exo::sm80::copy16' must be the kernel's pointer parameter itself (give offsets as integer operands)
      exo::sm80::copy16(As, row, col, A + (b * 64 + row) * 64, col);
#endif
    }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      for (int c = 0; c < 16; ++c) out[(b * 64 + t / 4) * 64 + t % 4 * 16 + c] = float(As[t / 4][t % 4 * 16 + c]);
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
