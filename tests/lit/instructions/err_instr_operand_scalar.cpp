// err_instr_operand: a scalar operand is a value that reads no memory; a value loaded
// from an array is read into a variable first.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ bias, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(bias, n);
  exo::extent(C, 16 * n, 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::registers]] float acc[4][16][8];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
#ifdef FIXED
      const float v = bias[b];
      exo::sm80::fill_m16n8(acc[w], v);
#else
      // CHECK: err_instr_operand_scalar.cpp:[[@LINE+1]]:37: error: operand 'v' of 'exo::sm80::fill_m16n8' must be a value that reads no memory (read it into a variable first)
      exo::sm80::fill_m16n8(acc[w], bias[b]);
#endif
      exo::sm80::store_m16n8(C, 32, b * 16, w * 8, acc[w]);
    }
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
