// One 64 x 64 x 64 product on swizzled tiles: the threads copy A and B with
// cp_async16_sw128, wait and meet at a barrier; the warpgroup multiplies with
// wgmma_async_sw128 (overwriting the accumulator: no fill), waits and stores.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::extent(A, 64, 64);
  exo::extent(B, 64, 64);
  exo::extent(C, 64, 64);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[64][64];
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
    exo::sm90::wgmma_store(C, 64, 0, 0, acc[g]);
  }
}
