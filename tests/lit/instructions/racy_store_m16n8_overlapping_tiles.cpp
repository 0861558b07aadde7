// Four warps store their 16 x 8 accumulators into C with store_m16n8 at row origins 8
// apart: warp w + 1's rows 0..7 are warp w's rows 8..15, written by the same
// instruction at the same time (ok_store_m16n8_disjoint_tiles.cpp: 16 apart).
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
      // CHECK: racy_store_m16n8_overlapping_tiles.cpp:[[@LINE+4]]:7: error: data race on 'C': thread ({{[0-9]+}}) of the issuing warp of block (0) writes C[{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warp of block (0) also writes
      // CHECK: racy_store_m16n8_overlapping_tiles.cpp:[[@LINE+3]]:7: note: the first access (a write by thread ({{[0-9]+}}) of the issuing warp of block (0)) here
      // CHECK: racy_store_m16n8_overlapping_tiles.cpp:[[@LINE+2]]:7: note: for example with n = {{[0-9]+}}; the first access at i = {{[0-9]+}}, j = {{[0-7]}}, the second access at i = {{[0-9]+}}, j = {{[0-7]}}
      // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::store_m16n8' here
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 8, 0, acc[w]);
    }
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
