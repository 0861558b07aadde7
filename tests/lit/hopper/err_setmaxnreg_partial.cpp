// setmaxnreg needs a block of whole warpgroups: here 160 threads (a thread loop of 160
// elsewhere in the kernel), so the last 32 threads form no warpgroup.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm90.hpp>

[[exo::kernel]] void k(float* __restrict__ x) {
  exo::extent(x, 160);
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    // CHECK: err_setmaxnreg_partial.cpp:[[@LINE+1]]:5: error: 'exo::sm90::setmaxnreg_dec<200>' needs a block of whole warpgroups, but this one has 160 threads; make the block a multiple of 128 threads
    exo::sm90::setmaxnreg_dec<200>();
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 160; ++t) x[t] = 1.0f;
}
