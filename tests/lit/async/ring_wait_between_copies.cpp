// A wait between two copies of one position (review of the eighteenth session: proven,
// and the GPU hung). A slot counts every copy of its group (here 2: the X and the W tile
// of position i); the thread that waits after the first copy issues the second only
// after the wait, so the slot's phase never completes. The rule that some group signals
// a position before its wait (checker/ProverRings, R3) now asks it of all the group's
// copies. The fixed kernel (without BUGGY) waits after both; the CPU emulation runs it
// against the sequential program.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DBUGGY 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -I%exo-include 2>&1 | count 0
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
#include <exo/sm90.hpp>

[[exo::kernel]]
void copy2(int M, const float* __restrict__ X, const float* __restrict__ W, float* __restrict__ Y,
           float* __restrict__ Z) {
  exo::assume(M % 64 == 0 && M > 0 && M <= 32768);
  exo::extent(X, M, 32);
  exo::extent(W, M, 32);
  exo::extent(Y, M, 32);
  exo::extent(Z, M, 32);
  [[exo::shared(swizzle128)]] float Xs[2][64][32];
  [[exo::shared(swizzle128)]] float Ws[2][64][32];
  [[exo::shared]] exo::mbarrier full[2];
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
    for (int i = 0; i < M / 64; ++i) {
      exo::sm90::bulk_wait_read<1>();  // the stores two tiles back have read slot i % 2
      exo::sm90::tma_load(Xs[i % 2], X, 32, i * 64, 0, full, i);
#ifdef BUGGY
      // CHECK: ring_wait_between_copies.cpp:[[@LINE+2]]:7: error: this wait for position 0 of ring 'full' may never return: no TMA copy signals that position before it in the sequential program (with all the copies of its group: the slot's phase completes at the last)
      // CHECK: note: for example with M = 64; i = 0
      exo::sm90::mbarrier_wait(full, i);
#endif
      exo::sm90::tma_load(Ws[i % 2], W, 32, i * 64, 0, full, i);
#ifndef BUGGY
      exo::sm90::mbarrier_wait(full, i);
#endif
      exo::sm90::tma_store_swizzled(Y, 32, i * 64, 0, Xs[i % 2]);
      exo::sm90::tma_store_swizzled(Z, 32, i * 64, 0, Ws[i % 2]);
      exo::sm90::bulk_commit();
    }
  }
}
// CHECK-NOT: error:
// EMU: emulation: 1 of 1 kernels match the sequential program
