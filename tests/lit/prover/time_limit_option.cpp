// --prover-time-limit: the wall-clock guard of each solver question (seconds, a decimal;
// 60 by default). The cross-block question of this kernel (a product of two unknowns in
// the index) takes about a second on this project's machines; cut off after a millisecond
// it answers 'unknown', so the kernel is refused with 'cannot prove' and the note that a
// time limit decided it. The margin is a thousandfold either way, so the verdict does not
// depend on the machine's load (a 2-second limit did: under CI's load the same question
// ran past it).
// RUN: not %exo-cuda --check-only --prover-time-limit=0.001 %s 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: error: cannot prove that different blocks never touch the same element of 'out', because the solver could not decide it
// CUT: note: {{[1-9][0-9]*}} of the solver's questions ran past the 0.001-second time limit and answered 'unknown'
// CUT: 1 error generated.
//
// A refusal no clock decided gets no note (here the deterministic work limit is reached
// first, far below what the 60-second guard would allow).
// RUN: not %exo-cuda --check-only --prover-max-work=1000 %s 2>&1 | FileCheck %s --check-prefix=WORK
// WORK: error: cannot prove kernel 'k' correct, because its questions are too hard for the solver within the limit (1000 resource units
// WORK-NOT: ran past the
// WORK: 1 error generated.
//
// Out of range: a usage error (exit 2), no check.
// DEFINE: %{exit2} = python3 -c "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:]).returncode != 2)"
// RUN: %{exit2} %exo-cuda --check-only --prover-time-limit=0 %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %{exit2} %exo-cuda --check-only --prover-time-limit=100000 %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: exo-cuda: error: '--prover-time-limit' takes seconds above 0 and at most 86400 (a day)
// RANGE-NOT: error:
// RUN: %exo-cuda --help | FileCheck %s --check-prefix=HELP
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
