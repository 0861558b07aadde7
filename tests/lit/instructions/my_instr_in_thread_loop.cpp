// A user's instruction is checked like exo/sm80.hpp's: my::scale_m16n8 (Inputs/
// my_instr.hpp) is a warp instruction, so calling it per lane, inside a thread loop,
// is err_instr_collective.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

#include "Inputs/my_instr.hpp"

[[exo::kernel]]
void k(int n, float alpha, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 64 * n, 16);
  exo::extent(B, 8, 16);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[64][16];
    [[exo::shared]] exo::bf16 Bs[8][16];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      exo::sm80::copy16(As, t / 2, t % 2 * 8, A, (b * 64 + t / 2) * 16 + t % 2 * 8);
      if (t < 16) exo::sm80::copy16(Bs, t / 2, t % 2 * 8, B, t * 8);
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      exo::sm80::ldmatrix_x4(af[w], As, w * 16, 0);
      exo::sm80::ldmatrix_x2(bf[w], Bs, 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
#ifdef FIXED
      my::scale_m16n8(acc[w], alpha);
#else
      // CHECK: my_instr_in_thread_loop.cpp:[[@LINE+2]]:71: error: 'my::scale_m16n8' is issued by a whole warp, but here it runs on 1 thread of a 'thread' loop; call it directly inside an '{{\[\[}}exo::parallel(warp)]]' loop
      // CHECK: my_instr_in_thread_loop.cpp:[[@LINE+1]]:7: note: enclosing 'thread' loop here
      [[exo::parallel(thread)]] for (int lane = 0; lane < 32; ++lane) my::scale_m16n8(acc[w], alpha);
#endif
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
