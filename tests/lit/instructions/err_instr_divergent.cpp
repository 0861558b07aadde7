// err_instr_divergent: a warp instruction is issued by all 32 lanes together, so the
// conditions around it must be the same in every lane. A global array the kernel writes,
// read at run time, may differ (the prover does not track values), while a read-only
// global array read at an index uniform over the warp is the same in every lane (and so
// is a shared array read without a race: prover/racy_sync_under_shared_condition.cpp).
// The copy's index, As[t / 32][t % 32 / 2][t % 2 * 8 + e], is a remainder of a remainder
// (t % 32, then % 2 as t % 2), which the proof that shared reads see written values does
// not invert yet (docs/prover.md, limits): these runs leave that proof out.
// RUN: not %exo-cuda --check-only --check-shared-reads=false %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only --check-shared-reads=false %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

// C tile w of block b = A tile w times B, skipping tiles whose mask entry is 0.
[[exo::kernel]]
void k(int n, const int* __restrict__ mask, int* __restrict__ live, const exo::bf16* __restrict__ A,
       const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(mask, 4 * n);
  exo::extent(live, 4 * n);
  exo::extent(A, 64 * n, 16);
  exo::extent(B, 8, 16);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[4][16][16];
    [[exo::shared]] exo::bf16 Bs[8][16];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      exo::sm80::copy16(As[t / 32], t % 32 / 2, t % 2 * 8, A, (b * 64 + t / 2) * 16 + t % 2 * 8);
      if (t < 16) exo::sm80::copy16(Bs, t / 2, t % 2 * 8, B, t * 8);
      if (t < 4) live[b * 4 + t] = mask[b * 4 + t];
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      exo::sm80::ldmatrix_x4(af[w], As[w], 0, 0);
      exo::sm80::ldmatrix_x2(bf[w], Bs, 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
#ifdef FIXED
      if (mask[b * 4 + w] != 0)
#else
      // CHECK: err_instr_divergent.cpp:[[@LINE+4]]:9: error: 'exo::sm80::mma_m16n8k16' is issued under a condition that reads 'live' at run time that may differ between threads of the warp; every thread of the warp must issue it together
      // CHECK: err_instr_divergent.cpp:[[@LINE+1]]:7: note: the condition here
      if (live[b * 4 + w] != 0)
#endif
        exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
