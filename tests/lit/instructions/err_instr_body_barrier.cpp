// err_instr_body: a barrier inside an instruction's body. An instruction is one
// operation of its collective; its meaning has no barriers (nor parallel loops).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#include "Inputs/bad_instr.hpp"

[[exo::kernel]]
void k(int n, const float* __restrict__ in, float* __restrict__ out) {
  exo::assume(n % 128 == 0);
  exo::extent(in, n);
  exo::extent(out, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 128; ++b) {
    [[exo::shared]] float rows[4][32];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
#ifdef FIXED
      bad::reverse32_ok(rows, w, in, b * 128 + w * 32);
#else
      bad::reverse32(rows, w, in, b * 128 + w * 32);
#endif
      [[exo::sync(warp)]];
      [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) out[b * 128 + w * 32 + l] = rows[w][l];
    }
  }
}
// CHECK: bad_instr.hpp:40:3: error: the body of instruction 'bad::reverse32' has a barrier; an instruction's body may contain only sequential 'for' loops, 'if', assignments, 'exo::aligned' and 'exo::expects'
// CHECK-NOT: error:
// CHECK: 1 error generated.
