// err_instr_param: an array parameter of an instruction says where its operand lives
// ([[exo::shared]], [[exo::registers]] or [[exo::fragment(layout)]]); the error points
// at the parameter in the instruction's header.
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
    [[exo::registers]] float v[32][4];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
#ifdef FIXED
      bad::load4_ok(v[t], in, b * 128 + t * 4);
#else
      bad::load4(v[t], in, b * 128 + t * 4);
#endif
      for (int e = 0; e < 4; ++e) out[b * 128 + t * 4 + e] = v[t][e] * 2.f;
    }
  }
}
// CHECK: bad_instr.hpp:14:27: error: parameter 'dst' of instruction 'bad::load4' is an array: say where it lives with '{{\[\[}}exo::shared]]', '{{\[\[}}exo::registers]]' or '{{\[\[}}exo::fragment(layout)]]'
// CHECK-NOT: error:
// CHECK: 1 error generated.
