// Two copy groups (warpgroups 0 and 1) signal the same position of ring 'full': a slot's
// phase can complete on one copy alone, and warpgroup 2's wgmma then reads Bs while its
// copy still writes it. The loop `for (r = g; r < g + 1; ++r)` runs once in every
// warpgroup and changes nothing; its start reads the warpgroup, and the prover used to
// equate the loop's variable between the pinned copy and the one compared with, which
// for two warpgroups cannot hold: the question was vacuous and the kernel was accepted
// (review, twelfth session). The same kernel with `r = 0` was always refused.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: position 0 of ring 'full' is signalled by two groups of copies (this one and another)
#include <exo/sm90.hpp>
// Trick (the r loop starts at g): two copy groups (warpgroups 0 and 1) both signal position k of 'full', whose
// slots count one copy: a slot's phase completes after one of the copies, and the
// consumer (warpgroup 2) may multiply Bs[k] while its copy is still landing.
[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::extent(A, 64, 256);
  exo::extent(B, 64, 256);
  exo::extent(C, 64, 64);
  [[exo::shared(swizzle128)]] exo::bf16 As[4][64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[4][64][64];
  [[exo::shared]] exo::mbarrier full[4];
  [[exo::registers]] float acc[3][64][64];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 3; ++g) {
    for (int r = g; r < g + 1; ++r) {
      for (int k = 0; k < 4; ++k) {
        if (g == 0) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
            exo::sm90::tma_load_sw128(As[k], A, 256, 0, k * 64, full, k);
        } else if (g == 1) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
            exo::sm90::tma_load_sw128(Bs[k], B, 256, 0, k * 64, full, k);
        } else {
          exo::sm90::mbarrier_wait(full, k);
          exo::sm90::wgmma_async_sw128<64, 64>(acc[g], As[k], 0, 0, Bs[k], 0, 0, k > 0);
          exo::sm90::wgmma_wait<0>(acc[g]);
        }
      }
    }
  }
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 3; ++g) {
    if (g == 2) exo::sm90::wgmma_store(C, 64, 0, 0, acc[g]);
  }
}
