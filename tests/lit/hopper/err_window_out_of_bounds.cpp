// A tile operand's indices are checked at the call: a meaning checks only the elements
// it touches, and wgmma_wait's touches none, while its CUDA form names the tile
// (review of the fifteenth session: a wait naming acc[g][2] of a two-slot array, and
// rotating waits naming acc[g][(k - 1) % 2] = acc[g][-1] at k = 0, were proven).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::extent(A, 64, 64);
  exo::extent(B, 64, 64);
  exo::extent(C, 256, 64);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[64][64];
  [[exo::registers]] float acc[1][2][64][64];
  [[exo::parallel(thread)]] for (int r = 0; r < 64; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 8; ++c) {
    exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);
    exo::sm90::cp_async16_sw128(Bs, r, 8 * c, B, r * 64 + 8 * c);
  }
  exo::sm80::cp_async_commit();
  exo::sm80::cp_async_wait<0>();
  [[exo::sync(block)]];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    for (int k = 0; k < 4; ++k) {
      exo::sm90::wgmma_async_sw128<64, 64>(acc[g][k % 2], As, 0, 0, Bs, 0, 0, false);
#ifdef FIXED
      exo::sm90::wgmma_wait<0>(acc[g][k % 2]);
#else
      exo::sm90::wgmma_wait<0>(acc[g][(k - 1) % 2]);
#endif
      exo::sm90::wgmma_store(C, 64, 64 * k, 0, acc[g][k % 2]);
    }
#ifndef FIXED
    exo::sm90::wgmma_wait<0>(acc[g][2]);
#endif
  }
}
// CHECK: err_window_out_of_bounds.cpp:31:39: error: index '(k - 1) % 2' (= -1) of 'acc' out of bounds (extent 2) for thread (0)
// CHECK: note: for example with k = 0
// CHECK: err_window_out_of_bounds.cpp:36:37: error: index '2' (= 2) of 'acc' out of bounds (extent 2) for thread (0)
