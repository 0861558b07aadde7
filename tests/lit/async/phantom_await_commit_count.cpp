// Review of the twelfth session (false accepts, fixed: everything encoded on an instance
// apart is definitional, Instance::apart in checker/ProverEncode): an expression encoded
// on a phantom instance after it was made (a ring position, a commit count) asserted a
// division's n != 0 or a bit bound of '^' and excluded the racing execution.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: writes Cs[2][0][0] while the asynchronous 'exo::sm90::tma_store' may still be reading it
#include <exo/sm90.hpp>
// Threads 0..3 TMA-store Cs[t]; only threads 0 and 1 wait (role t < 2). With d == 0,
// threads overwrite Cs after the barrier while thread 2's store may still read Cs[2].
// The `64 / d` arm is never evaluated (t < 2 holds wherever the loop runs).
[[exo::kernel]]
void k(int n, int d, float* __restrict__ C) {
  exo::assume(d >= 0 && d <= 1 && n >= 0 && n <= 4);
  exo::extent(C, 64, 64);
  [[exo::shared]] float Cs[4][16][32];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int j = 0; j < 32; ++j) Cs[t / 16][t % 16][j] = 1.f;
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    if (t < 4) exo::sm90::tma_store(C, 64, 16 * t, 0, Cs[t]);
    exo::sm90::bulk_commit();
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    if (t < 2) {
      for (int j = 0; j < (t < 2 ? n : 64 / d); ++j) exo::sm90::bulk_commit();
      exo::sm90::bulk_wait_read<0>();
    }
  }
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    if (d == 0)
      for (int j = 0; j < 32; ++j) Cs[t / 16][t % 16][j] = 2.f;
}
