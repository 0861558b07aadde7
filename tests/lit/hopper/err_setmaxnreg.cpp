// Register budgets (setmaxnreg): the warpgroups' budgets must fit the SM's 65536
// registers, each warpgroup sets its budget once and outside sequential loops, an
// increase starts from the launch allocation (65536 / 384 threads = 168). The fixed
// kernel (-DFIXED: 40 + 232 + 232) is accepted and launched with one block per SM.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda %s -o %t.cu -- -DFIXED
// RUN: FileCheck --check-prefix=CUDA %s < %t.cu
// CUDA: __launch_bounds__(384, 1)
// CUDA: exo::sm90::gpu::setmaxnreg_dec<40>();
// CUDA: exo::sm90::gpu::setmaxnreg_inc<232>();
#include <exo/sm90.hpp>

#ifdef FIXED
constexpr int CONSUMER_REGS = 232;
#else
constexpr int CONSUMER_REGS = 240;
#endif

[[exo::kernel]] void k(int n, float* __restrict__ x) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(x, 384);
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 3; ++g) {
    if (g == 0) exo::sm90::setmaxnreg_dec<40>();
    else exo::sm90::setmaxnreg_inc<CONSUMER_REGS>();
  }
#ifndef FIXED
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 3; ++g) {
    if (g == 1) exo::sm90::setmaxnreg_inc<160>();
    if (g == 0) exo::sm90::setmaxnreg_dec<40>();
  }
  for (int i = 0; i < n; ++i) {
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 3; ++g) {
      if (g == 2) exo::sm90::setmaxnreg_dec<40>();
    }
  }
#endif
  [[exo::parallel(thread)]] for (int t = 0; t < 384; ++t) x[t] = 1.0f;
}
// The reports, in order (line numbers of this file):
// CHECK: err_setmaxnreg.cpp:28:17: error: 'exo::sm90::setmaxnreg_inc<160>' asks for fewer registers than the 168 each thread has at launch (65536 over 384 threads); use setmaxnreg_dec
// CHECK: err_setmaxnreg.cpp:29:17: error: 'exo::sm90::setmaxnreg_dec<40>' is the second budget of warpgroup 0; set each warpgroup's budget once
// CHECK: err_setmaxnreg.cpp:23:17: note: other use here
// CHECK: err_setmaxnreg.cpp:33:19: error: 'exo::sm90::setmaxnreg_dec<40>' runs in a sequential loop; set a warpgroup's budget once, before its loops
// CHECK: err_setmaxnreg.cpp:31:3: note: enclosing 'sequential' loop here
// CHECK: err_setmaxnreg.cpp:23:17: error: 'exo::sm90::setmaxnreg_dec<40>' gives the warpgroups 40, 240, 240 registers per thread: 66560 in all, more than the SM's 65536; lower the budgets
// CHECK: 4 errors generated.
