// A wgmma tile that starts at row 4 of a swizzled array: tiles start at groups of 8
// rows (the swizzle's period), which the instruction's exo::aligned(a[ar][0], 1024) says.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::extent(A, 64, 64);
  exo::extent(B, 72, 64);
  exo::extent(C, 64, 64);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[72][64];
  [[exo::registers]] float acc[1][64][64];
  [[exo::parallel(thread)]] for (int r = 0; r < 64; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 8; ++c) {
    exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);
    exo::sm90::cp_async16_sw128(Bs, r, 8 * c, B, r * 64 + 8 * c);
    if (r < 8) exo::sm90::cp_async16_sw128(Bs, 64 + r, 8 * c, B, (64 + r) * 64 + 8 * c);
  }
  exo::sm80::cp_async_commit();
  exo::sm80::cp_async_wait<0>();
  [[exo::sync(block)]];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    exo::sm90::wgmma_async_sw128<64, 64>(acc[g], As, 0, 0, Bs, 4, 0, false);
    exo::sm90::wgmma_wait<0>(acc[g]);
    exo::sm90::wgmma_store(C, 64, 0, 0, acc[g]);
  }
}

// CHECK: err_misaligned_sw128_rows.cpp:24:5: error: 'exo::sm90::wgmma_async_sw128' requires '&Bs{{\[}}4]{{\[}}0]' (byte offset 512 in 'Bs') to be 1024-byte aligned, but it may not be
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the requirement here
// CHECK: err_misaligned_sw128_rows.cpp:24:5: note: for example with {{.*}}
// CHECK-NOT: error:
// CHECK: 1 error generated.
