// --prover-time-limit: the wall-clock guard of each solver question (default 60 s). With a
// 2-second limit, one question of this kernel (a product of two unknowns in a cross-block
// index) is cut off, but the kernel is refused for a real race with a replayed witness,
// so no note_solver_time_limit follows: the note comes only with a 'cannot prove', the
// one refusal a time limit can decide (docs/prover.md).
// RUN: not %exo-cuda --check-only --prover-time-limit=2 --prover-stats %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --help | FileCheck %s --check-prefix=HELP
// CHECK: error: blocks ({{[0-9]+}}, {{[0-9]+}}) and ({{[0-9]+}}, {{[0-9]+}}) both write 'out' element
// CHECK-NOT: ran past the
// CHECK: 1 error generated.
// HELP: --prover-time-limit=<s>
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int rows, int nb, const float* __restrict__ x, float* __restrict__ out) {
  exo::assume(rows >= 1 && rows <= 4096 && nb >= 1 && nb <= 64);
  [[exo::parallel(block)]] for (int bc = 0; bc < nb; ++bc)
  [[exo::parallel(block)]] for (int br = 0; br < nb; ++br)
    [[exo::parallel(thread)]] for (int i = 0; i < 32; ++i)
      for (int j = 0; j < 32; ++j) out[(bc * 32 + i) * rows + br * 100000 + j] = x[i];
}
