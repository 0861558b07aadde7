// Review of the twelfth session (false accepts, fixed: everything encoded on an instance
// apart is definitional, Instance::apart in checker/ProverEncode): an expression encoded
// on a phantom instance after it was made (a ring position, a commit count) asserted a
// division's n != 0 or a bit bound of '^' and excluded the racing execution.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 'z': thread (1, 0) writes z[0] that thread (0) reads
#include <exo/sm90.hpp>
// phantom_ring_near with the bit trick moved into the consumer's release position:
// k + 0 * (k < 4 ? 0 : 64 / d) == k. The race on z (written at k == 3, read after the loop) remains.
[[exo::kernel]] void k(int d, const float* __restrict__ A, float* __restrict__ C) {
  exo::assume(d >= 0 && d <= 1);
  exo::extent(A, 4 * 32);
  exo::extent(C, 4 * 32 + 64);
  [[exo::shared]] float buf[2][32];
  [[exo::shared]] float z[32];
  [[exo::shared]] exo::mbarrier full[2];
  [[exo::shared]] exo::mbarrier empty[2];
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
          if (k == 3 && d == 0) z[t] = 1.f;
          exo::sm90::mbarrier_arrive(empty, k + 0 * (k < 4 ? 0 : 64 / d));
        }
      }
    }
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) C[128 + t] = z[t % 32];
}
