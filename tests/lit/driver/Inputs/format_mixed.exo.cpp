// Input of format_json.test and format_sarif.test: an exo error with notes and a
// fix-it, an exo warning with a flag and a fix-it, a Clang warning (with -Wall); the
// comment before the race makes byte and code point columns differ.
#include <exo/exo.hpp>

[[exo::kernel]]
void racy(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      s[t] = x[b * 256 + t];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      /* é */ y[b * 256 + t] = s[(t + 1) % 256];
  }
}

[[exo::kernel]]
void slow(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 128 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 128; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      int unused = 0;
      s[t] = x[b * 128 + t];
    }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = 2.f * s[t];
  }
}
