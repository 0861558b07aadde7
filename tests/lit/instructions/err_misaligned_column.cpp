// err_misaligned: ldmatrix at a column that may not be a multiple of 8. The tile's
// first column c0 is a kernel parameter; its 16-byte rows are aligned only if
// c0 % 8 == 0, which the FIXED variant assumes (and the launcher then checks).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, int c0, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024 && c0 >= 0 && c0 <= 16);
#ifdef FIXED
  exo::assume(c0 % 8 == 0);
#endif
  exo::extent(A, 64 * n, 32);
  exo::extent(B, 8, 16);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[64][40];
    [[exo::shared]] exo::bf16 Bs[8][16];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      for (int c = 0; c < 2; ++c) {
        const int row = (t + 128 * c) / 4, col = (t + 128 * c) % 4 * 8;
        exo::sm80::copy16(As, row, col, A, (b * 64 + row) * 32 + col);
      }
      if (t < 16) exo::sm80::copy16(Bs, t / 2, t % 2 * 8, B, t * 8);
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      // CHECK: err_misaligned_column.cpp:[[@LINE+3]]:7: error: 'exo::sm80::ldmatrix_x4' requires '&As[w * 16 + i][c0 + 8 * h]' (byte offset {{[0-9]+}} in 'As') to be 16-byte aligned, but it may not be
      // CHECK: sm80.hpp:{{[0-9]+}}:33: note: the requirement here
      // CHECK: err_misaligned_column.cpp:[[@LINE+1]]:7: note: for example with n = {{[0-9]+}}, c0 = {{[1-7]|9|1[0-5]}}; i = {{[0-9]+}}, h = {{0|1}}
      exo::sm80::ldmatrix_x4(af[w], As, w * 16, c0);
      exo::sm80::ldmatrix_x2(bf[w], Bs, 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
