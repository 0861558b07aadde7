// One tensor read through a swizzled TMA box (tma_load_sw128 of 64 x 32 floats) and
// written through a plain one of the same shape (wgmma_store_tma with a 64 x 32 stage):
// two tensor maps, told apart by name and by the calls that use them (both were named
// exo_tmap_C_64x32, and nvcc refused the duplicate parameter).
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// RUN: %exo-cuda %s -o %t.cu && FileCheck %s < %t.cu
// CHECK: const __grid_constant__ CUtensorMap exo_tmap_C_64x32, const __grid_constant__ CUtensorMap exo_tmap_C_64x32_plain)
// CHECK: tma_load_sw128<float, 64, 32, 1>(Ci[0], &exo_tmap_C_64x32, 64, 0, 0, full, 0);
// CHECK: wgmma_store_tma<64, 32>(&exo_tmap_C_64x32_plain, 64, 0, 0, acc, stage);
// RUN: %if nvcc %{ %nvcc -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I%exo-include -c %t.cu -o %t.o %}
#include <exo/sm90.hpp>

[[exo::kernel]]
void swz(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C, float* __restrict__ D) {
  exo::extent(A, 64, 64);
  exo::extent(B, 64, 64);
  exo::extent(C, 64, 64);
  exo::extent(D, 64, 32);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[64][64];
  [[exo::shared(swizzle128)]] float Ci[1][64][32];
  [[exo::shared]] exo::mbarrier full[1];
  [[exo::shared]] float stage[64][32];
  [[exo::registers]] float acc[1][64][64];
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
    exo::sm90::tma_load_sw128(Ci[0], C, 64, 0, 0, full, 0);
  [[exo::parallel(thread)]] for (int r = 0; r < 64; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 8; ++c) {
    exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);
    exo::sm90::cp_async16_sw128(Bs, r, 8 * c, B, r * 64 + 8 * c);
  }
  exo::sm80::cp_async_commit();
  exo::sm80::cp_async_wait<0>();
  exo::sm90::mbarrier_wait(full, 0);
  [[exo::sync(block)]];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    exo::sm90::wgmma_async_sw128<64, 64>(acc[g], As, 0, 0, Bs, 0, 0, false);
    exo::sm90::wgmma_wait<0>(acc[g]);
    exo::sm90::wgmma_store_tma(C, 64, 0, 0, acc[g], stage);
  }
}
