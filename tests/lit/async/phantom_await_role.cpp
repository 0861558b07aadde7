// Review of the twelfth session (false accepts, fixed: instances apart are encoded
// definitionally, checker/ProverEncode.cpp instantiateApart): facts of an instance
// that may not exist (a division's n != 0, a bit bound of '^') excluded the racing
// execution. The comment below says which execution goes wrong.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: writes Cs[1][0][0] while the asynchronous 'exo::sm90::tma_store' may still be reading it
// CHECK: note: for example with d = 0
#include <exo/sm90.hpp>
// With d == 0, thread 1 never waits for its TMA store (its wait loop is empty), and
// after the barrier other threads overwrite Cs[1] while the store may still read it.
// The `64 / d` arm is never evaluated (t < 1 always holds where the first loop runs).
[[exo::kernel]]
void k(int d, float* __restrict__ C) {
  exo::assume(d >= 0 && d <= 1);
  exo::extent(C, 64, 64);
  [[exo::shared]] float Cs[2][32][32];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int j = 0; j < 32; ++j) Cs[t / 32][t % 32][j] = 1.f;
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 2; ++t) {
    exo::sm90::tma_store(C, 64, 32 * t, 0, Cs[t]);
    exo::sm90::bulk_commit();
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 2; ++t) {
    if (t < 1) {
      for (int j = 0; j < (t < 1 ? 1 : 64 / d); ++j) exo::sm90::bulk_wait_read<0>();
    } else {
      for (int j = 0; j < d; ++j) exo::sm90::bulk_wait_read<0>();
    }
  }
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int j = 0; j < 32; ++j) Cs[t / 32][t % 32][j] = 2.f;
}
