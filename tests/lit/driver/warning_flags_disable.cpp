// exo warnings print their flag ([-Wexo-unneeded-sync]); '-w' and '-Wno-exo-...' silence
// them (with their notes), after "--", on exo-cuda's command line, or from the database.
// Clang never sees the exo flags (it would warn about an unknown warning option).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %exo-cuda -o %t/a.cu %s 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning_flags_disable.cpp:[[#@LINE+18]]:5: warning: this 'exo::sync(block)' orders no conflicting accesses; remove it to save time [-Wexo-unneeded-sync]
// RUN: test -s %t/a.cu
// RUN: %exo-cuda -o %t/b.cu %s -- -w 2>&1 | count 0
// RUN: %exo-cuda -o %t/b.cu -w %s 2>&1 | count 0
// RUN: %exo-cuda -o %t/b.cu %s -- -Wno-exo-unneeded-sync 2>&1 | count 0
// RUN: %exo-cuda -o %t/b.cu -Wno-exo-unneeded-sync %s 2>&1 | count 0
// RUN: %exo-cuda -o %t/b.cu -Wno-exo-unneeded-sync %s -- -Wexo-unneeded-sync 2>&1 | count 0
// RUN: echo '[{"directory": "%t", "file": "%s", "command": "c++ -std=c++17 -Wno-exo-unneeded-sync -c %s"}]' > %t/compile_commands.json
// RUN: %exo-cuda -p %t -o %t/b.cu %s 2>&1 | count 0
// RUN: diff %t/a.cu %t/b.cu
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 128 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 128; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[b * 128 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = 2.f * s[t];
  }
}
