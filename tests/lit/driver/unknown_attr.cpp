// An unknown attribute in the exo namespace is an error (exit 1, nothing written), even
// though exo.hpp silences -Wunknown-attributes for ordinary compilers.
// RUN: rm -f %t.cu
// RUN: not %exo-cuda -o %t.cu %s 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu
// RUN: %exo-cuda -o %t.cu %s -- -DFIXED
// RUN: test -s %t.cu
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifndef FIXED
    // CHECK: unknown_attr.cpp:[[@LINE+1]]:7: error: unknown attribute 'exo::local'; exo provides 'kernel', 'parallel', 'shared', 'registers' and 'sync'
    [[exo::local]] float tmp[32];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
