// err_aligned_usage: exo::aligned states what an instruction's CUDA form needs, inside
// the instruction's body, where exo-cuda proves it at every call. A kernel cannot
// promise an alignment with it: the vector copy that needs it says so itself.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, exo::bf16* __restrict__ out) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(A, 32 * n, 64);
  exo::extent(out, 32 * n, 64);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[32][64];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      const int row = t / 8, col = t % 8 * 8;
#ifdef FIXED
      exo::sm80::copy16(As, row, col, A, (b * 32 + row) * 64 + col);
#else
      // CHECK: err_aligned_usage.cpp:[[@LINE+1]]:7: error: 'exo::aligned' states what an instruction's CUDA form needs; use it only in the body of an '{{\[\[}}exo::instr]]' function
      exo::aligned(A[(b * 32 + row) * 64 + col], 16);
      for (int e = 0; e < 8; ++e) As[row][col + e] = A[(b * 32 + row) * 64 + col + e];
#endif
    }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      for (int e = 0; e < 8; ++e) out[(b * 32 + t / 8) * 64 + t % 8 * 8 + e] = As[t % 32][t / 32 * 8 + e];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
