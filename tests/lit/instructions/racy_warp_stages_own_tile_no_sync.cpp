// Each warp stages its own tiles with copy16 and reads them back with ldmatrix, with no
// barrier: ldmatrix is issued by the whole warp, its rows were copied by other lanes,
// so even within one warp the copy must be ordered before it by '[[exo::sync(warp)]]'
// (ok_warp_stages_own_tile.cpp).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 64 * n, 16);
  exo::extent(B, 8, 16);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[4][16][24];
    [[exo::shared]] exo::bf16 Bs[4][8][24];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) {
        exo::sm80::copy16(As[w], l / 2, l % 2 * 8, A, (b * 64 + w * 16 + l / 2) * 16 + l % 2 * 8);
        if (l < 16) exo::sm80::copy16(Bs[w], l / 2, l % 2 * 8, B, l * 8);
      }
      // CHECK: racy_warp_stages_own_tile_no_sync.cpp:[[@LINE+8]]:7: error: data race on 'As': thread ({{[0-9]+}}, {{[0-9]+}}) of block (0) writes As[{{[0-9]+}}][{{[0-9]+}}][{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warp of block (0) reads with no 'exo::sync(warp)' between them
      // CHECK: racy_warp_stages_own_tile_no_sync.cpp:[[@LINE-4]]:9: note: the first access (a write by thread ({{[0-9]+}}, {{[0-9]+}}) of block (0)) here
      // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::ldmatrix_x4' here
      // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::copy16' here
      // CHECK: racy_warp_stages_own_tile_no_sync.cpp:[[@LINE+4]]:7: note: insert '{{\[\[}}exo::sync(warp)]];' here to order them
      // CHECK: racy_warp_stages_own_tile_no_sync.cpp:[[@LINE+4]]:7: error: data race on 'Bs':
      // CHECK: racy_warp_stages_own_tile_no_sync.cpp:[[@LINE+3]]:7: note: insert '{{\[\[}}exo::sync(warp)]];' here to order them
      // CHECK: 2 errors generated.
      exo::sm80::ldmatrix_x4(af[w], As[w], 0, 0);
      exo::sm80::ldmatrix_x2(bf[w], Bs[w], 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
