// Each warp stages its own 16 x 16 A tile (its lanes copy16 two rows' worth each) and
// reads it back with ldmatrix after a warp barrier: no other warp touches the tile, so
// '[[exo::sync(warp)]]' is enough (racy_warp_stages_own_tile_no_sync.cpp has none; a
// lane's ldmatrix reads rows that other lanes copied).
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
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
      [[exo::sync(warp)]];
      exo::sm80::ldmatrix_x4(af[w], As[w], 0, 0);
      exo::sm80::ldmatrix_x2(bf[w], Bs[w], 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
