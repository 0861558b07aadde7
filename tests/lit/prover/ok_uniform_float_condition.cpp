// `alpha == 0.f` reads only a parameter: every thread takes the same branch. The
// condition cannot be encoded (floating point), so it is an uninterpreted predicate of
// the integer values it reads (none here): the then-branch of one thread and the
// else-branch of another never run together, and s[t] / s[t + 1] do not race.
// Dropping the condition (before) made both branches look concurrent.
// A write under a condition the encoder cannot model exactly (a float comparison) is no
// candidate for the proof that a shared read sees a written value (docs/prover.md,
// limits): that proof is left out here.
// EXO-CUDA-ARGS: --check-shared-reads=false
// RUN: %exo-cuda --check-only --check-shared-reads=false %s
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: cannot prove that 's[t]' reads a value written before it: no write of 's' before it has an index and a condition that can be modelled exactly
#include <exo/exo.hpp>

[[exo::kernel]] void k(float alpha, const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[257];
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
    if (alpha == 0.f) s[t] = 0.f;
    else s[t + 1] = alpha * x[t];
  }
  [[exo::sync(block)]];
  // Each thread reads the element its branch wrote (s[0] or s[256] is never written: a
  // read of it compared uninitialized memory in the CPU emulation).
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) y[t] = alpha == 0.f ? s[t] : s[t + 1];
}
