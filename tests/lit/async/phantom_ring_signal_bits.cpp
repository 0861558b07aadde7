// Review of the twelfth session (false accepts, fixed: everything encoded on an instance
// apart is definitional, Instance::apart in checker/ProverEncode): an expression encoded
// on a phantom instance after it was made (a ring position, a commit count) asserted a
// division's n != 0 or a bit bound of '^' and excluded the racing execution.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 'buf'
// CHECK: error: this wait for position {{[0-9]+}} of ring 'empty' may never return
#include <exo/sm90.hpp>
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
          exo::sm90::mbarrier_arrive(empty, k + 2 + 0 * (k ^ 4));
        }
      }
    }
  }
}
