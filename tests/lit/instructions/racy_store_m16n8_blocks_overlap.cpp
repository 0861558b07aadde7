// Block b's four warps store rows b * 32 .. b * 32 + 63 of C with store_m16n8: half
// of them are block b + 1's too, and blocks cannot order their writes
// (ok_store_m16n8_disjoint_tiles.cpp: 64 rows a block).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 64 * n, 16);
  exo::extent(B, 8, 16);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[64][16];
    [[exo::shared]] exo::bf16 Bs[8][16];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      exo::sm80::copy16(As, t / 2, t % 2 * 8, A, (b * 64 + t / 2) * 16 + t % 2 * 8);
      if (t < 16) exo::sm80::copy16(Bs, t / 2, t % 2 * 8, B, t * 8);
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      exo::sm80::ldmatrix_x4(af[w], As, w * 16, 0);
      exo::sm80::ldmatrix_x2(bf[w], Bs, 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      // CHECK: racy_store_m16n8_blocks_overlap.cpp:[[@LINE+3]]:7: error: blocks ({{[0-9]+}}) and ({{[0-9]+}}) both write 'C' element C[{{[0-9]+}}]; blocks cannot synchronize, so each element of global memory may be written by one block only
      // CHECK: racy_store_m16n8_blocks_overlap.cpp:[[@LINE+2]]:7: note: the write by block ({{[0-9]+}}) here
      // CHECK: racy_store_m16n8_blocks_overlap.cpp:[[@LINE+1]]:7: note: for example with n = {{[0-9]+}}; the first access at i = {{[0-9]+}}, j = {{[0-7]}}, the second access at i = {{[0-9]+}}, j = {{[0-7]}}
      exo::sm80::store_m16n8(C, 8, b * 32 + w * 16, 0, acc[w]);
    }
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
