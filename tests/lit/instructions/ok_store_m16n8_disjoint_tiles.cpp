// Four warps each store their 16 x 8 accumulator into C with store_m16n8, at row
// origins 16 apart: the tiles are disjoint, so no two warps (and no two blocks)
// write one element. racy_store_m16n8_overlapping_tiles.cpp puts them 8 apart.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
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
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
