// err_instr_collective: ldmatrix is issued by a whole warp at once (each lane gives one
// row address, each receives its part of the fragment); calling it per lane, inside a
// thread loop, would issue it 32 times.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(A, 16 * n, 16);
  exo::extent(B, 8, 16);
  exo::extent(C, 16 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[16][16];
    [[exo::shared]] exo::bf16 Bs[8][16];
    [[exo::registers]] exo::bf16 af[1][16][16];
    [[exo::registers]] exo::bf16 bf[1][8][16];
    [[exo::registers]] float acc[1][16][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      exo::sm80::copy16(As, t / 2, t % 2 * 8, A, (b * 16 + t / 2) * 16 + t % 2 * 8);
      if (t < 16) exo::sm80::copy16(Bs, t / 2, t % 2 * 8, B, t * 8);
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 1; ++w) {
#ifdef FIXED
      exo::sm80::ldmatrix_x4(af[w], As, 0, 0);
#else
      // CHECK: err_instr_collective.cpp:[[@LINE+2]]:71: error: 'exo::sm80::ldmatrix_x4' is issued by a whole warp, but here it runs on 1 thread of a 'thread' loop; call it directly inside an '{{\[\[}}exo::parallel(warp)]]' loop
      // CHECK: err_instr_collective.cpp:[[@LINE+1]]:7: note: enclosing 'thread' loop here
      [[exo::parallel(thread)]] for (int lane = 0; lane < 32; ++lane) exo::sm80::ldmatrix_x4(af[w], As, 0, 0);
#endif
      exo::sm80::ldmatrix_x2(bf[w], Bs, 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      exo::sm80::store_m16n8(C, 8, b * 16, 0, acc[w]);
    }
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
