// Review of the twelfth session (false accepts, fixed: instances apart are encoded
// definitionally, checker/ProverEncode.cpp instantiateApart): facts of an instance
// that may not exist (a division's n != 0, a bit bound of '^') excluded the racing
// execution. The comment below says which execution goes wrong.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: writes Cs[2][0][0] while the asynchronous 'exo::sm90::tma_store' may still be reading it
#include <exo/sm90.hpp>
// Threads 0..3 each TMA-store a tile; only threads 0 and 1 wait for theirs. Threads 2
// and 3 never wait: after the barrier, thread 32 overwrites Cs[2] while thread 2's store
// may still read it. (`(t ^ 3) < 8` always holds: a role condition.)
[[exo::kernel]]
void k(float* __restrict__ C) {
  exo::extent(C, 64, 64);
  [[exo::shared]] float Cs[4][16][32];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int j = 0; j < 32; ++j) Cs[t / 16][t % 16][j] = 1.f;
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 4; ++t) {
    exo::sm90::tma_store(C, 64, 16 * t, 0, Cs[t]);
    exo::sm90::bulk_commit();
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 2; ++t) {
    if ((t ^ 3) < 8) exo::sm90::bulk_wait_read<0>();
  }
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int j = 0; j < 32; ++j) Cs[t / 16][t % 16][j] = 2.f;
}
