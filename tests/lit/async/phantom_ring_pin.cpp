// Review of the twelfth session (false accepts, fixed: instances apart are encoded
// definitionally, checker/ProverEncode.cpp instantiateApart): facts of an instance
// that may not exist (a division's n != 0, a bit bound of '^') excluded the racing
// execution. The comment below says which execution goes wrong.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 'buf'
// CHECK: error: this wait for position {{[01]}} of ring 'empty' may never return
#include <exo/sm90.hpp>
// The consumers release position k + 2 of 'empty' in step k (instead of k): positions 0
// and 1 are never released, so the producer's wait for position 0 (k == 2) never
// returns (nor the wait for position 1, k == 3): a deadlock. `(k ^ 7) < 16` always holds.
[[exo::kernel]] void k(const float* __restrict__ A, float* __restrict__ C) {
  exo::extent(A, 4 * 32);
  exo::extent(C, 4 * 32);
  [[exo::shared]] float buf[2][32];
  [[exo::shared]] exo::mbarrier full[2];
  [[exo::shared]] exo::mbarrier empty[4];
  for (int k = 0; k < 4; ++k) {
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
          if ((k ^ 7) < 16) exo::sm90::mbarrier_arrive(empty, k + 2);
        }
      }
    }
  }
}
