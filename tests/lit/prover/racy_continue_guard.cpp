// `if (g >= n) continue;` makes the rest of the body conditional, and the prover sees
// it that way: here thread t reads s[255 - t], written by another thread in the same
// (skipped or not) part with no barrier between, a race as it would be without the
// `continue` (and s[255 - t] may be an element whose thread skipped its write); and in
// the second kernel, the barrier after a `continue` guard runs only
// in the iterations not skipped: the write of u at k = 0 and the read at k = 2 have
// none between them (without the `continue`, k = 1's barrier would be).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: racy_continue_guard.cpp:[[@LINE+18]]:14: error: cannot prove that 's[255 - t]' reads a value written before it: no write of the element earlier in its block covers every execution of the read
// CHECK: racy_continue_guard.cpp:[[@LINE+17]]:14: error: data race on 's': thread ({{[0-9]+}}) of block ({{[0-9]+}}) writes s[{{[0-9]+}}] that thread ({{[0-9]+}}) of block ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: racy_continue_guard.cpp:[[@LINE+28]]:78: error: data race on 'u': thread ({{[0-9]+}}) writes u[{{[0-9]+}}] that thread ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: note: for example with the first access at k = 0, the second access at k = 2
// CHECK: 3 errors generated.
#include <exo/exo.hpp>

[[exo::kernel]]
void ragged(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n >= 1 && n <= 1 << 20);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < (n + 255) / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      const int g = b * 256 + t;
      if (g >= n) continue;
      s[t] = x[g];
      y[g] = s[255 - t];
    }
  }
}

[[exo::kernel]]
void skipped_barrier(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float u[128];
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) u[t] = x[t];
  [[exo::sync(block)]];
  for (int k = 0; k < 4; ++k) {
    if (k % 2 == 1) continue;
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[k * 128 + t] = u[127 - t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) u[t] = x[(k + 1) * 128 + t];
  }
}
