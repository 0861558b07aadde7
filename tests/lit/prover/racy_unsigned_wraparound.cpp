// unsigned arithmetic wraps around: (unsigned)(t - 1) for t = 0 is 4294967295, so the
// index is 4294967295 % 3 + 1 = 1 and threads 0 and 1 race. The prover models unsigned
// values modulo 2^32 and reports exactly that execution.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+5]]:5: error: data race on 'y': thread (1) writes y[1] that thread (0) also writes
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    y[(t == 0 ? (unsigned)(t - 1) % 3u + 1 : t)] = x[t];
}
