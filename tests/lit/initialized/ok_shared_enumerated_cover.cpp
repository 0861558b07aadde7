// Shared-array reads whose writes the candidate solving cannot invert: a padded index
// against bank conflicts (`s[t + (t >> 5)]`, read in reverse through a scalar), an XOR
// swizzle (`s[r][c ^ r]`, read transposed), a stride-2 interleave under a condition.
// Each write comes before its read in the block's statement list, and below it reads
// only its loops' variables and constants: one instance of the list writes a fixed set
// of elements, which the proof enumerates, and every read's element is among them.
// Proven with the shared-read check on (the default); the CPU emulation matches the
// sequential program.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
// A read of an element no write covers is still refused: the padding's gap (element 32).
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DGAP 2>&1 | FileCheck %s --check-prefix=GAP
// The interleave's odd elements are written only when the condition holds.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DODD 2>&1 | FileCheck %s --check-prefix=ODD
#include <exo/exo.hpp>

[[exo::kernel]]
void padded_reverse(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0 && n <= 1 << 24);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256 + 8];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t + (t >> 5)] = x[b * 256 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      const int r = 255 - t;
#ifdef GAP
      y[b * 256 + t] = s[r == 0 ? 32 : r + (r >> 5)];
      // GAP: error: cannot prove that 's[r == 0 ? 32 : r + (r >> 5)]' reads a value written before it
#else
      y[b * 256 + t] = s[r + (r >> 5)];
#endif
    }
  }
}

[[exo::kernel]]
void xor_transpose(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 1024 == 0 && n <= 1 << 24);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 1024; ++b) {
    [[exo::shared]] float s[32][32];
    [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c) s[r][c ^ r] = x[b * 1024 + r * 32 + c];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c) y[b * 1024 + c * 32 + r] = s[c][r ^ c];
  }
}

[[exo::kernel]]
void interleave(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 128 == 0 && n <= 1 << 24);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 128; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
      s[2 * t] = x[b * 128 + t];
#ifdef ODD
      if (t < 63) s[2 * t + 1] = x[b * 128 + 64 + t];
#else
      s[2 * t + 1] = x[b * 128 + 64 + t];
#endif
    }
    [[exo::sync(block)]];
    // ODD: error: cannot prove that 's[127 - t]' reads a value written before it
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = s[127 - t];
  }
}
// EMU: emulation: 1 of 1 kernels match the sequential program
