// err_misaligned: copy16 reads 8 bf16 of global memory as one 16-byte access, so the
// element it starts at must be 16-byte aligned. The launcher checks that the pointer
// itself is; the offset (row * K + col) is proven here, which needs K to be a multiple
// of 8. The witness gives a K that breaks it.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, int K, const exo::bf16* __restrict__ A, exo::bf16* __restrict__ out) {
  exo::assume(n > 0 && n <= 1024 && K >= 64 && K <= 4096);
#ifdef FIXED
  exo::assume(K % 8 == 0);
#endif
  exo::extent(A, 32 * n, K);
  exo::extent(out, 32 * n, 64);
  // Block b copies the first 64 columns of rows 32 b .. 32 b + 31 of A to out.
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[32][64];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      const int row = t / 8, col = t % 8 * 8;
      // CHECK: err_misaligned_global.cpp:[[@LINE+3]]:7: error: 'exo::sm80::copy16' requires '&A[(b * 32 + row) * K + col]' (byte offset {{[0-9]+}} in 'A') to be 16-byte aligned, but it may not be
      // CHECK: sm80.hpp:{{[0-9]+}}:3: note: the requirement here
      // CHECK: err_misaligned_global.cpp:[[@LINE+1]]:7: note: for example with n = {{[0-9]+}}, K = {{[0-9]+}}
      exo::sm80::copy16(As, row, col, A, (b * 32 + row) * K + col);
    }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      for (int e = 0; e < 8; ++e) out[(b * 32 + t % 32) * 64 + t / 32 * 8 + e] = As[t % 32][t / 32 * 8 + e];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
