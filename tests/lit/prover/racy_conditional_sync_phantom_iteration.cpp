// The write of s in the last iteration of k races with the read after the loop when the
// barrier of that iteration does not run (nk = 1, d = 0: its condition, or its loop's
// trip count, is 0). The barrier's condition reads `64 / d` only in an arm taken when
// k >= nk, i.e. never; the prover asks whether the barrier runs in iteration k + 1 too,
// which does not exist after the last one, and used to assert the division's fact
// (d != 0) there unconditionally: both kernels were accepted (review, twelfth session).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: racy_conditional_sync_phantom_iteration.cpp:[[@LINE+17]]:78: error: data race on 's'
// CHECK: note: for example with nk = 1, d = 0; the first access at k = 0
// CHECK: racy_conditional_sync_phantom_iteration.cpp:[[@LINE+30]]:78: error: data race on 's'
// CHECK: note: for example with nk = 1, d = 0; the first access at k = 0
#include <exo/exo.hpp>

[[exo::kernel]]
void under_if(int nk, int d, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nk >= 1 && nk <= 64 && d >= 0 && d <= 1);
  [[exo::parallel(block)]] for (int b = 0; b < 256; ++b) {
    [[exo::shared]] float s[128];
    for (int k = 0; k < nk; ++k) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[b * 128 + t] + k;
      if ((k < nk ? nk - 1 - k + d : 64 / d) > 0) {
        [[exo::sync(block)]];
      }
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = s[127 - t];
  }
}

[[exo::kernel]]
void in_loop(int nk, int d, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nk >= 1 && nk <= 64 && d >= 0 && d <= 1);
  [[exo::parallel(block)]] for (int b = 0; b < 256; ++b) {
    [[exo::shared]] float s[128];
    for (int k = 0; k < nk; ++k) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[b * 128 + t] + k;
      for (int j = 0; j < (k < nk ? nk - 1 - k + d : 64 / d); ++j) {
        [[exo::sync(block)]];
      }
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = s[127 - t];
  }
}
