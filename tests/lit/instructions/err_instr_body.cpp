// err_instr_body: an instruction's body is its meaning, inlined at each call; it may
// hold only sequential loops, ifs, assignments and exo::aligned. A local variable
// (here a running sum) is refused, at the declaration in the header.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#include "Inputs/bad_instr.hpp"

[[exo::kernel]]
void k(int n, const float* __restrict__ in, float* __restrict__ out) {
  exo::assume(n % 32 == 0);
  exo::assume(n <= 65536);
  exo::extent(in, 4 * n);
  exo::extent(out, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 32; ++b) {
    [[exo::registers]] float v[32][4];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      for (int e = 0; e < 4; ++e) v[t][e] = in[(b * 32 + t) * 4 + e];
#ifdef FIXED
      bad::sum4_ok(out, b * 32 + t, v[t]);
#else
      bad::sum4(out, b * 32 + t, v[t]);
#endif
    }
  }
}
// CHECK: bad_instr.hpp:25:3: error: the body of instruction 'bad::sum4' declares 's'; an instruction's body may contain only sequential 'for' loops, 'if', assignments, 'exo::aligned' and 'exo::expects'
// CHECK-NOT: error:
// CHECK: 1 error generated.
