// A wgmma_wait's CUDA form (wgmma.wait_group) orders only the registers passed to it:
// the compiler may move reads of an accumulator the wait does not name above the wait.
// So the wait that completes a multiply must name its accumulator (review of the
// fourteenth session: a wait naming acc, then reads of acc2, was proven).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: not %exo-cuda --check-only %s -- -DSLOTS 2>&1 | FileCheck %s --check-prefix=SLOTS
// RUN: %exo-cuda --check-only %s -- -DBOTH 2>&1 | count 0
// RUN: %exo-cuda --check-only %s -- -DSLOTS -DBOTH 2>&1 | count 0
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::extent(A, 64, 64);
  exo::extent(B, 64, 64);
  exo::extent(C, 128, 64);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[64][64];
#ifdef SLOTS
  [[exo::registers]] float acc[1][2][64][64];  // two accumulators of one warpgroup
#define FIRST acc[g][0]
#define SECOND acc[g][1]
#else
  [[exo::registers]] float acc[1][64][64];
  [[exo::registers]] float acc2[1][64][64];
#define FIRST acc[g]
#define SECOND acc2[g]
#endif
  [[exo::parallel(thread)]] for (int r = 0; r < 64; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 8; ++c) {
    exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);
    exo::sm90::cp_async16_sw128(Bs, r, 8 * c, B, r * 64 + 8 * c);
  }
  exo::sm80::cp_async_commit();
  exo::sm80::cp_async_wait<0>();
  [[exo::sync(block)]];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    exo::sm90::wgmma_async_sw128<64, 64>(FIRST, As, 0, 0, Bs, 0, 0, false);
    exo::sm90::wgmma_async_sw128<64, 64>(SECOND, As, 0, 0, Bs, 0, 0, false);
    exo::sm90::wgmma_wait<0>(FIRST);
#ifdef BOTH
    exo::sm90::wgmma_wait<0>(SECOND);
#endif
    exo::sm90::wgmma_store(C, 64, 0, 0, FIRST);
    exo::sm90::wgmma_store(C, 64, 64, 0, SECOND);
  }
}
// CHECK: async_wgmma_wait_names_other.cpp:38:5: error: cannot prove when the asynchronous 'exo::sm90::wgmma_async_sw128' issued here completes, because no await of queue 'wgmma' that names the registers of 'acc2[g][i][j]' completes it (an await's CUDA form orders only the registers passed to it, and the first run of an await statement that completes the group must name them: a later run of it in a loop is not looked for); name them there, or await each register array the group writes in a statement of its own (for 'acc2': one per array, not one in a loop over them)
// CHECK-NOT: error:
// SLOTS: async_wgmma_wait_names_other.cpp:38:5: error: cannot prove when the asynchronous 'exo::sm90::wgmma_async_sw128' issued here completes, because no await of queue 'wgmma' that names the registers of 'acc[g][1][i][j]' completes it
// SLOTS-NOT: error:
