// err_instr_operand_memory: each operand lives where the instruction's parameter says;
// an mma accumulator is a fragment in the warp's registers, not a shared array.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(C, 16 * n, 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef FIXED
    [[exo::registers]] float acc[4][16][8];
#else
    [[exo::shared]] float acc[4][16][8];
#endif
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      // CHECK: err_instr_operand_memory.cpp:[[@LINE+3]]:29: error: operand 'd' of 'exo::sm80::fill_m16n8' must be in a warp's registers (a fragment), but 'acc' is in shared memory
      // CHECK: err_instr_operand_memory.cpp:[[@LINE-4]]:27: note: 'acc' declared here
      // CHECK: err_instr_operand_memory.cpp:[[@LINE+2]]:52: error: operand 'd' of 'exo::sm80::store_m16n8' must be in a warp's registers (a fragment), but 'acc' is in shared memory
      exo::sm80::fill_m16n8(acc[w], 1.f);
      exo::sm80::store_m16n8(C, 32, b * 16, w * 8, acc[w]);
    }
  }
}
// CHECK: err_instr_operand_memory.cpp:15:27: note: 'acc' declared here
// CHECK-NOT: error:
// CHECK: 2 errors generated.
