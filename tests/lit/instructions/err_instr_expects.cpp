// err_instr_expects: an instruction's precondition (`exo::expects` in its meaning) is
// proven at every call. tma_store's box must lie inside C's rows (TMA would clip columns
// past the edge, which its meaning does not model), wgmma_stage's first column must be a
// multiple of 8 (its CUDA form moves whole 8-column blocks of slots). Both were false
// accepts before (a review's kernels: the GPU stored other columns than the sequential
// program). The fixed kernel proves.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: not %exo-cuda --check-only %s -- -DSTAGE 2>&1 | FileCheck %s --check-prefix=STAGE
// RUN: not %exo-cuda --check-only %s -- -DUSAGE 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm90.hpp>

#ifndef STAGE
[[exo::kernel]]
void k(int c0, const float* __restrict__ X, float* __restrict__ C) {
  exo::assume(c0 >= 0 && c0 <= 64 && c0 % 4 == 0);
#ifdef USAGE
  // USAGE: err_instr_expects.cpp:[[@LINE+1]]:3: error: 'exo::expects' states a precondition of an instruction; use it only in the body of an '{{\[\[}}exo::instr]]' function (a kernel states its own facts with 'exo::assume')
  exo::expects(c0 <= 32);
#endif
#ifdef FIXED
  exo::assume(c0 <= 32);
#endif
  exo::extent(X, 16, 64);
  exo::extent(C, 16, 64);
  [[exo::shared]] float tile[8][32];
  [[exo::parallel(thread)]] for (int r = 0; r < 8; ++r)
  for (int c = 0; c < 32; ++c) tile[r][c] = X[r * 64 + c] * 2.0f;
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
    // CHECK: err_instr_expects.cpp:[[@LINE+4]]:5: error: 'exo::sm90::tma_store' requires '0 <= c0 && c0 + 32 <= 64', which does not hold at this call
    // CHECK: note: the requirement here
    // CHECK-NEXT: exo::expects(0 <= c0 && c0 + W <= ld);
    // CHECK: note: for example with c0 = 36
    exo::sm90::tma_store(C, 64, 0, c0, tile);
    exo::sm90::bulk_commit();
  }
}
#else
[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::extent(A, 64, 64);
  exo::extent(B, 64, 64);
  exo::extent(C, 64, 64);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[64][64];
  [[exo::shared]] float Cs[64][32];
  [[exo::registers]] float acc[1][64][64];
  [[exo::parallel(thread)]] for (int r = 0; r < 64; ++r)
  for (int c = 0; c < 8; ++c) {
    exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);
    exo::sm90::cp_async16_sw128(Bs, r, 8 * c, B, r * 64 + 8 * c);
  }
  exo::sm80::cp_async_commit();
  exo::sm80::cp_async_wait<0>();
  [[exo::sync(block)]];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    exo::sm90::wgmma_async_sw128<64, 64>(acc[g], As, 0, 0, Bs, 0, 0, false);
    exo::sm90::wgmma_wait<0>(acc[g]);
    // STAGE: err_instr_expects.cpp:[[@LINE+1]]:5: error: 'exo::sm90::wgmma_stage' requires '4 % 8 == 0', which does not hold at this call
    exo::sm90::wgmma_stage(Cs, acc[g], 4);
    [[exo::sync(warpgroup)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
      exo::sm90::tma_store(C, 64, 0, 0, Cs);
      exo::sm90::bulk_commit();
    }
  }
}
#endif
