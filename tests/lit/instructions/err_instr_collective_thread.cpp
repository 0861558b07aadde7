// err_instr_collective: copy16 is a thread instruction (one thread moves 16 bytes).
// Called directly in a warp loop it would be issued by all 32 lanes at once, each
// copying the same chunk; it belongs inside a thread loop, one chunk per lane.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, exo::bf16* __restrict__ out) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(A, 32 * n, 64);
  exo::extent(out, 32 * n, 64);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[32][64];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      for (int r = 0; r < 8; ++r) {
#ifdef FIXED
        [[exo::parallel(thread)]] for (int l = 0; l < 8; ++l)
          exo::sm80::copy16(As, w * 8 + r, l * 8, A, (b * 32 + w * 8 + r) * 64 + l * 8);
#else
        // CHECK: err_instr_collective_thread.cpp:[[@LINE+2]]:9: error: 'exo::sm80::copy16' is issued by one thread, but here it runs on 32 threads of a 'warp' loop; call it directly inside an '{{\[\[}}exo::parallel(thread)]]' loop
        // CHECK: err_instr_collective_thread.cpp:[[@LINE-7]]:5: note: enclosing 'warp' loop here
        exo::sm80::copy16(As, w * 8 + r, 0, A, (b * 32 + w * 8 + r) * 64);
#endif
      }
    }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
      for (int c = 0; c < 16; ++c) out[(b * 32 + t / 4) * 64 + t % 4 * 16 + c] = As[t / 4][t % 4 * 16 + c];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
