// An in-place Hillis-Steele scan: each thread reads its neighbour's element and writes
// its own in one statement. No barrier can stand between the two accesses (a barrier
// may not go inside a thread loop), so the report says where the loop must be split,
// and proposes no fix-it. The double-buffered form (read into a register array, sync,
// write) is proven: the second RUN line.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+21]]:31: error: data race on 's': thread (1) of block (0) writes s[1] that thread (2) of block (0) reads with no 'exo::sync(warp)' between them
// CHECK: :[[@LINE+19]]:7: note: both accesses run in one iteration of this 'exo::parallel(thread)' loop, where no 'exo::sync(warp)' can go: split the loop in two where the barrier is needed, keeping values that cross it in a register array
// CHECK-NOT: note: insert
// CHECK: 1 error generated.
// RUN: sed -e 's|^        if (t >= off) s\[t\] += s\[t - off\];|        v[t] = t >= off ? s[t - off] : 0.f;\n      [[exo::sync(block)]];\n      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t] += v[t];|' %s > %t.cpp
// RUN: grep -q 's\[t\] += v\[t\]' %t.cpp
// RUN: %exo-cuda --check-only %t.cpp 2>&1 | count 0
#include <exo/exo.hpp>

[[exo::kernel]]
void scan(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0 && n <= (1 << 26));
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::registers]] float v[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t] = x[b * 256 + t];
    [[exo::sync(block)]];
    for (int off = 1; off < 256; off *= 2) {
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
        if (t >= off) s[t] += s[t - off];
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) y[b * 256 + t] = s[t];
  }
}
