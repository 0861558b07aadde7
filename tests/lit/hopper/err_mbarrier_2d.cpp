// A ring is a whole 1-D array of mbarriers. Rows of a 2-D array passed as rings were taken
// for the whole array (its first dimension as the slot count, every row as one ring), and
// copies signalling full[0] with consumers waiting on full[1] were proven: a hang
// (review of the fifteenth session).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(float* __restrict__ C) {
  exo::extent(C, 128);
  // CHECK: err_mbarrier_2d.cpp:[[@LINE+1]]:19: error: an array of mbarriers with more than one dimension is not supported in an exo kernel; declare one 1-D array per ring
  [[exo::shared]] exo::mbarrier full[4][2];
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) C[t] = 0.f;
}
// CHECK-NOT: error:
