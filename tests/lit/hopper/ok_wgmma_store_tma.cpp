// One 64 x 128 x 64 product stored through TMA: the warpgroup stages the accumulator in
// two 64 x 64 slices of shared memory and one thread stores each with a bulk tensor
// store (wgmma_store_tma); then the same tile added to D with the bulk reduction
// (wgmma_store_add_tma) after a warpgroup barrier (the two calls reuse the stage: without
// it the second call's writes race with the first's). The stage is 128-byte aligned
// (32 KB: exo-cuda aligns shared arrays of 128 bytes or more so) and C's rows are 16-byte
// multiples (the extent's 128 floats).
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// RUN: %exo-cuda %s -o %t.cu && FileCheck %s < %t.cu
// CHECK: exo::sm90::gpu::wgmma_store_tma<128, 64>(&exo_tmap_C_64x64_plain, 128, 0, 0, acc, stage);
// CHECK: EXO_NAMED_BARRIER(1 + exo_tid / 128, 128);
// CHECK: exo::sm90::gpu::wgmma_store_add_tma<128, 64>(&exo_tmap_D_64x64_plain, 128, 0, 0, acc, stage);
// CHECK: make_tensor_map_2d(&exo_tmap_C_64x64_plain, C, (unsigned long long)(64), (unsigned long long)(128), (unsigned long long)(128) * sizeof(*C), 64, 64, false)
// RUN: sed -e '/the stage is free again/d' %s > %t2.exo.cpp
// RUN: not %exo-cuda --check-only %t2.exo.cpp 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: data race on 'stage'
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C, float* __restrict__ D) {
  exo::extent(A, 64, 64);
  exo::extent(B, 128, 64);
  exo::extent(C, 64, 128);
  exo::extent(D, 64, 128);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[128][64];
  [[exo::shared]] float stage[64][64];
  [[exo::registers]] float acc[1][64][128];
  [[exo::parallel(thread)]] for (int r = 0; r < 128; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 8; ++c) {
    if (r < 64) exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);
    exo::sm90::cp_async16_sw128(Bs, r, 8 * c, B, r * 64 + 8 * c);
  }
  exo::sm80::cp_async_commit();
  exo::sm80::cp_async_wait<0>();
  [[exo::sync(block)]];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    exo::sm90::wgmma_async_sw128<128, 64>(acc[g], As, 0, 0, Bs, 0, 0, false);
    exo::sm90::wgmma_wait<0>(acc[g]);
    exo::sm90::wgmma_store_tma(C, 128, 0, 0, acc[g], stage);
    [[exo::sync(warpgroup)]];  // the stage is free again
    exo::sm90::wgmma_store_add_tma(D, 128, 0, 0, acc[g], stage);
  }
}
