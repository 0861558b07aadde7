// Loops compared with '!=': `for (t = 0; t != 256; ++t)` (parallel or sequential) counts
// like `t < 256` when constant steps from a constant start land on a constant bound, and
// a halving loop `for (h = 128; h != 0; h >>= 1)` like `h > 0` when its start is not
// negative. Both were refused ("the condition must compare the loop variable with a
// bound": a probe of typical kernels, twentieth session). Proven; the CPU emulation
// matches the sequential program.
// RUN: %exo-cuda --check-only %s -- -I%exo-include
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
// EMU: emulation: 1 of 1 kernels match the sequential program
// From a negative start, `h >>= 1` never reaches 0: refused.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DSTART=-128 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: ok_loop_not_equal.cpp:[[@LINE+25]]:25: error: a sequential loop must count up ('v < hi' or 'v <= hi' with '++v' or 'v += c'), count down ('v > lo' or 'v >= lo' with '--v' or 'v -= c') or halve or double between constants ('v /= 2', 'v *= 2'): a loop compared with '!=' must reach its bound exactly: halving from a start that is not negative down to '!= 0', or constant steps from a constant start onto a constant bound; write '<' or '>' otherwise
// Steps of 2 from 0 pass over 255: refused.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DLAST=255 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: ok_loop_not_equal.cpp:[[@LINE+17]]:47: error: a 'thread' loop must have the form 'for (int v = lo; v < hi; ++v)' (or 'v += c' with a positive constant c): the condition must be 'v < hi' ('v != hi' only when constant steps from a constant start land on a constant bound)
#include <exo/exo.hpp>

#ifndef START
#define START 128
#endif
#ifndef LAST
#define LAST 256
#endif

[[exo::kernel]]
void sum_rows(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 65536);
  exo::extent(x, n, 256);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t != LAST; t += 2) {
      s[t] = x[b * 256 + t];
      s[t + 1] = x[b * 256 + t + 1];
    }
    [[exo::sync(block)]];
    for (int h = START; h != 0; h >>= 1) {
      [[exo::parallel(thread)]] for (int t = 0; t != 256; ++t)
        if (t < h) s[t] += s[t + h];
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t != 1; ++t) y[b] = s[0];
  }
}
