// A 3-point stencil through a shared tile with a halo: thread t stores s[t + 1], and the
// first and last threads also store the halo elements s[0] and s[257] under `if (t == 0)`
// / `if (t == 255)`. Every read of s sees a written value: the write of s[257] is found
// from its guard, `t == 255` pinning the writing thread as an index would
// (checker/ProverInitialized). initialized/shared_reads_stencil_halo.cpp has the
// off-by-one halo, which the same proof refuses.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// The same guard written `!(t != 255)`, or as the else branch of `t != 255`:
// RUN: sed -e 's|if (t == 255) s\[257\]|if (!(t != 255)) s[257]|' %s > %t.not.exo.cpp
// RUN: grep -q '!(t != 255)' %t.not.exo.cpp
// RUN: %exo-cuda --check-only %t.not.exo.cpp 2>&1 | count 0
// RUN: sed -e 's|if (t == 255) s\[257\] = |if (t != 255) {} else s[257] = |' %s > %t.else.exo.cpp
// RUN: grep -q 'if (t != 255) {} else s\[257\]' %t.else.exo.cpp
// RUN: %exo-cuda --check-only %t.else.exo.cpp 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void stencil3(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0 && n >= 256 && n <= (1 << 20));
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[258];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      s[t + 1] = x[b * 256 + t];
      if (t == 0) s[0] = b > 0 ? x[b * 256 - 1] : 0.f;
      if (t == 255) s[257] = b < n / 256 - 1 ? x[b * 256 + 256] : 0.f;
    }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[b * 256 + t] = 0.25f * s[t] + 0.5f * s[t + 1] + 0.25f * s[t + 2];
  }
}
