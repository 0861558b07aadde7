// wgmma_store_tma with its box crossing the right edge of C (columns 16 .. 79 of a row of
// 72): TMA stores nothing outside the tensor, and the meaning clips the same columns, so
// the sequential program does not write them into the next row either (it did: a false
// accept a review found and the H200 confirmed, 512 elements wrong). The emulation clips
// at the tensor map's dims as TMA does.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
#include <exo/sm90.hpp>

[[exo::kernel]]
void wrapk(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::extent(A, 64, 64);
  exo::extent(B, 64, 64);
  exo::extent(C, 65, 72);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[64][64];
  [[exo::shared]] float stage[64][64];
  [[exo::registers]] float acc[1][64][64];
  [[exo::parallel(thread)]] for (int r = 0; r < 64; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 8; ++c) {
    exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);
    exo::sm90::cp_async16_sw128(Bs, r, 8 * c, B, r * 64 + 8 * c);
  }
  exo::sm80::cp_async_commit();
  exo::sm80::cp_async_wait<0>();
  [[exo::sync(block)]];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    exo::sm90::wgmma_async_sw128<64, 64>(acc[g], As, 0, 0, Bs, 0, 0, false);
    exo::sm90::wgmma_wait<0>(acc[g]);
    exo::sm90::wgmma_store_tma(C, 72, 0, 16, acc[g], stage);
  }
}
