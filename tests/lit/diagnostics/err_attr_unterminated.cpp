// An exo attribute missing its ']]' is an error (exit 1, nothing written): Clang's
// recovery would take the ';' as the end of the attribute list and say nothing, while
// g++ rejects the file.
// RUN: rm -f %t.cu
// RUN: not %exo-cuda -o %t.cu %s -- -DCLOSED_SHARED 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: test ! -e %t.cu
// RUN: not %exo-cuda -o %t.cu %s -- -DCLOSED_KERNEL 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: test ! -e %t.cu
// RUN: %exo-cuda -o %t.cu %s -- -DCLOSED_KERNEL -DCLOSED_SHARED
// RUN: test -s %t.cu
#include <exo/exo.hpp>

#ifdef CLOSED_KERNEL
[[exo::kernel]]
#else
// KERNEL: err_attr_unterminated.cpp:[[@LINE+1]]:14: error: attribute 'exo::kernel' is not closed: expected ']]' before ';'; close the attribute list with ']]'
[[exo::kernel;
#endif
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef CLOSED_SHARED
    [[exo::shared]] float s[32];
#else
    // SHARED: err_attr_unterminated.cpp:[[@LINE+1]]:18: error: attribute 'exo::shared' is not closed: expected ']]' before ';'
    [[exo::shared; float s[32];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) s[t] = 1.f;
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = s[t];
  }
}
// KERNEL-NOT: error:
// SHARED-NOT: error:
