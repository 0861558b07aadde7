// The textbook interleaved tree reduction: a doubling loop `for (st = 1; st < 256;
// st *= 2)` and the guard `t % (2 * st) == 0`. The doubling loop is a loop over its
// exponent with `st` declared as `1 << iteration`; a divisor that reads such a scalar
// (here `2 * st`) is split over the loop's few values as one over the loop variable
// itself is (`t % (2 << l)`, prover/ok_tree_guard_mod_shift.cpp). It was refused: "a
// condition on its path cannot be modelled" (a probe of typical kernels, twentieth
// session). Proven; the CPU emulation matches the sequential program.
// RUN: %exo-cuda --check-only %s -- -I%exo-include
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
// EMU: emulation: 1 of 1 kernels match the sequential program
// The guard `t % st == 0` lets thread t + st write the element thread t reads:
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DHALF_GUARD 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: data race on 's'
// One doubling too many reads past the array:
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DONE_MORE 2>&1 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: error: index 't + st' (= 256) of 's' out of bounds (extent 256)
#include <exo/exo.hpp>

#ifdef HALF_GUARD
#define GUARD(t, st) ((t) % (st) == 0)
#else
#define GUARD(t, st) ((t) % (2 * (st)) == 0)
#endif
#ifdef ONE_MORE
#define LAST 256
#else
#define LAST 128
#endif

[[exo::kernel]]
void tree_sum(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 65536);
  exo::extent(x, n, 256);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t] = x[b * 256 + t];
    [[exo::sync(block)]];
    for (int st = 1; st <= LAST; st *= 2) {
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
        if (GUARD(t, st)) s[t] += s[t + st];
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[b] = s[0];
  }
}
