// A swizzled array read element by element: its elements are not at the addresses
// their indices name.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
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
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) C[t] += float(As[t][0]);
}

// CHECK: err_swizzled_elementwise.cpp:28:72: error: 'As' is stored swizzled ('exo::shared(swizzle128)'); read and write it only through instructions that take swizzled tiles
// CHECK: err_swizzled_elementwise.cpp:11:41: note: 'As' declared here
// CHECK-NOT: error:
// CHECK: 1 error generated.
