// A producer warp and a consumer warp that hand slots to each other through two rings
// with arrivals only (no TMA, wgmma or cp.async: mbarrier waits and arrivals make no
// memory access). Its ring protocol must still be checked: the consumers release only
// even positions, so the producer's wait for position 1 never returns. (The protocol
// checks once ran only for kernels with an asynchronous memory access, and this kernel
// was proven, its race check trusting the rings' edges.)
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED
#include <exo/sm90.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ A, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 64);
  exo::extent(A, n * 32);
  exo::extent(C, n * 32);
  [[exo::shared]] float buf[2][32];
  [[exo::shared]] exo::mbarrier full[2];
  [[exo::shared]] exo::mbarrier empty[2];
  for (int k = 0; k < n; ++k) {
    [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w) {
      if (w == 0) {
        [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
          // CHECK: ring_arrivals_only.cpp:[[@LINE+1]]:23: error: this wait for position 1 of ring 'empty' may never return: some thread that arrives at the ring does not arrive at that position before it in the sequential program
          if (k >= 2) exo::sm90::mbarrier_wait(empty, k - 2);
          buf[k % 2][t] = A[k * 32 + t];
          exo::sm90::mbarrier_arrive(full, k);
        }
      } else {
        [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
          exo::sm90::mbarrier_wait(full, k);
#ifdef FIXED
          C[k * 32 + t] = buf[k % 2][31 - t];
          exo::sm90::mbarrier_arrive(empty, k);
#else
          if (k % 2 == 0) {
            C[k * 32 + t] = buf[k % 2][31 - t];
            exo::sm90::mbarrier_arrive(empty, k);
          }
#endif
        }
      }
    }
  }
}
