// A ring kernel with a sequential loop inside the loop the ring positions count, whose
// bound reads the counted variable (`for (j = k; ...)`). The candidate signal the prover
// pins at a wait's position shares that inner loop's iteration with the access, not its
// variable's value (which follows from the counted variable): equating the values too
// once made a constraint of a definition and hid this race (found by review). Lane 0
// releases the slot while lanes 1 .. 31 may still read it:
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 'buf'
// With a warp barrier before the elected release (a barrier-plus-ring chain), or with
// every thread arriving, the kernel is right:
// RUN: %exo-cuda --check-only %s -- -DCHAIN 2>&1 | count 0
// RUN: %exo-cuda --check-only %s -- -DALL 2>&1 | count 0
#include <exo/sm90.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ A, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 64);
  exo::extent(A, n * 32);
  exo::extent(C, n * 32);
  [[exo::shared]] float buf[2][32];
  [[exo::shared]] exo::mbarrier full[2];
  [[exo::shared]] exo::mbarrier empty[2];
  for (int k = 0; k < n; ++k) {
    for (int j = k; j < k + 1; ++j) {
      [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w) {
        if (w == 0) {
          [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
            if (k >= 2) exo::sm90::mbarrier_wait(empty, k - 2);
            buf[k % 2][t] = A[k * 32 + t];
            exo::sm90::mbarrier_arrive(full, k);
          }
        } else {
          [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
            exo::sm90::mbarrier_wait(full, k);
            C[k * 32 + t] = buf[k % 2][31 - t];
#ifdef ALL
            exo::sm90::mbarrier_arrive(empty, k);
#endif
          }
#ifndef ALL
#ifdef CHAIN
          [[exo::sync(warp)]];
#endif
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) exo::sm90::mbarrier_arrive(empty, k);
#endif
        }
      }
    }
  }
}
