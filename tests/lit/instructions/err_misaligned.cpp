// err_misaligned: ldmatrix reads each 8-element row of its matrices as one 16-byte,
// 16-byte aligned access. Shared tiles padded by 4 elements (36 bf16 = 72 bytes a row)
// put every odd row 8 bytes off; padding by 8 (80 bytes) keeps rows aligned. The error
// gives the byte offset of a misaligned row and the loop values that reach it.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

#ifdef FIXED
constexpr int LDS = 32 + 8;
#else
constexpr int LDS = 32 + 4;
#endif

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 64 * n, 32);
  exo::extent(B, 8, 32);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[64][LDS];
    [[exo::shared]] exo::bf16 Bs[8][LDS];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      const int row = t / 4, col = t % 4 * 8;
      for (int e = 0; e < 8; ++e) As[row][col + e] = A[(b * 64 + row) * 32 + col + e];
      if (t < 32)
        for (int e = 0; e < 8; ++e) Bs[row][col + e] = B[row * 32 + col + e];
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      exo::sm80::fill_m16n8(acc[w], 0.f);
      for (int kk = 0; kk < 32; kk += 16) {
        // CHECK: err_misaligned.cpp:[[@LINE+6]]:9: error: 'exo::sm80::ldmatrix_x4' requires '&As[w * 16 + i][kk + 8 * h]' (byte offset {{[0-9]+}} in 'As') to be 16-byte aligned, but it may not be
        // CHECK: sm80.hpp:{{[0-9]+}}:33: note: the requirement here
        // CHECK: err_misaligned.cpp:[[@LINE+4]]:9: note: for example with n = {{[0-9]+}}; kk = {{0|16}}, i = {{1|3|5|7|9|11|13|15}}, h = {{0|1}}
        // CHECK: err_misaligned.cpp:[[@LINE+4]]:9: error: 'exo::sm80::ldmatrix_x2' requires '&Bs[0 + i][kk + 8 * h]' (byte offset {{[0-9]+}} in 'Bs') to be 16-byte aligned, but it may not be
        // CHECK: sm80.hpp:{{[0-9]+}}:33: note: the requirement here
        // CHECK: err_misaligned.cpp:[[@LINE+2]]:9: note: for example with n = {{[0-9]+}}; kk = {{0|16}}, i = {{1|3|5|7}}, h = {{0|1}}
        exo::sm80::ldmatrix_x4(af[w], As, w * 16, kk);
        exo::sm80::ldmatrix_x2(bf[w], Bs, 0, kk);
        exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      }
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
// CHECK-NOT: error:
// CHECK: 2 errors generated.
