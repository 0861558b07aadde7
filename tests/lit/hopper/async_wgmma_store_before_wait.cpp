// The accumulator is stored before the wait: the asynchronous wgmma may still be
// writing it (even though the same warpgroup issued it).
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
    exo::sm90::wgmma_store(C, 64, 0, 0, acc[g]);
    exo::sm90::wgmma_wait<0>(acc[g]);
  }
}

// CHECK: async_wgmma_store_before_wait.cpp:24:5: error: 'acc{{\[}}g]{{\[}}i]{{\[}}j]' reads acc{{\[}}0]{{\[}}0]{{\[}}0] while the asynchronous 'exo::sm90::wgmma_async_sw128' may still be writing it; move the access after an await of queue 'wgmma' that completes it, or await earlier
// CHECK: async_wgmma_store_before_wait.cpp:23:5: note: the asynchronous 'exo::sm90::wgmma_async_sw128' issued here (by thread ({{[0-9]+}}) of the issuing warpgroup)
// CHECK: async_wgmma_store_before_wait.cpp:24:5: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::wgmma_async_sw128' here
// CHECK-NOT: error:
// CHECK: 1 error generated.
