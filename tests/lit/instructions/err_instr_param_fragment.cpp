// err_instr_param: a fragment parameter is spread over the lanes of a warp, so only a
// warp instruction takes one, and its extents are its layout's (m16n8_c: 16 x 8).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

#include "Inputs/bad_instr.hpp"

[[exo::kernel]]
void k(int n, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(C, 16 * n, 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::registers]] float acc[4][16][8];
    [[exo::registers]] float wide[4][8][16];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
#ifdef FIXED
      exo::sm80::fill_m16n8(acc[w], 0.f);
#else
      [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) bad::zero_frag(acc[w]);
      bad::zero_8x16(wide[w]);
#endif
      exo::sm80::store_m16n8(C, 32, b * 16, w * 8, acc[w]);
    }
  }
}
// CHECK: bad_instr.hpp:51:58: error: parameter 'd' of instruction 'bad::zero_frag' is a fragment of layout 'm16n8_c', spread over 32 threads, but the instruction is issued by one thread
// CHECK: bad_instr.hpp:58:58: error: parameter 'd' of instruction 'bad::zero_8x16' is a fragment of layout 'm16n8_c', a 16 x 8 array
// CHECK-NOT: error:
// CHECK: 2 errors generated.
