// unsigned arithmetic wraps around: (unsigned)(t - 1) for t = 0 is 4294967295, so the
// index is 1 and threads 0 and 1 race; the prover's integers do not wrap, so it must
// refuse rather than accept.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+5]]:5: error: cannot prove that the access 'y[t == 0 ? (unsigned)(t - 1) % 3u + 1 : t]' is in bounds and race-free, because its index {{.*}} it uses unsigned arithmetic, which wraps around
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    y[(t == 0 ? (unsigned)(t - 1) % 3u + 1 : t)] = x[t];
}
