// threads 31 and 32 (different warps, no warpgroup loop) exchange data through global
// memory: the barrier to insert is a block barrier (warpgroup barriers exist only in
// warpgroup loops), and the fix-it says so.
// RUN: not %exo-cuda --check-only %s -- -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s
// CHECK: :[[@LINE+7]]:66: error: data race on 'y': thread (31) writes y[31] that thread (32) reads with no 'exo::sync(block)' between them
// CHECK: note: insert '{{\[\[}}exo::sync(block)]];' here to order them
// CHECK: fix-it:"{{.*}}":{[[@LINE+5]]:3-[[@LINE+5]]:3}:"{{\[\[}}exo::sync(block)]];\n  "
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[t] = x[t];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[t] += y[63 - t];
}
