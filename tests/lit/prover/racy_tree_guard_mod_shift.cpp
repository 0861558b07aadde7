// The guard `t % (1 << l) == 0` lets thread t + 2^l run too: it writes s[t + 2^l] while
// thread t reads it. The witness is checked against the guard before it is printed.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+10]]:30: error: data race on 's': thread ({{[0-9]+}}) writes s[{{[0-9]+}}] that thread ({{[0-9]+}}) reads
// CHECK: note: for example with the first access at l = {{[0-9]}}
#include <exo/exo.hpp>

[[exo::kernel]] void tree(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[128];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) s[t] = x[t];
  [[exo::sync(block)]];
  for (int l = 0; l < 6; ++l) {
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
      if (t % (1 << l) == 0) s[t] += s[t + (1 << l)];
    [[exo::sync(block)]];
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[t] = s[0];
}
