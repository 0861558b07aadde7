// '-Werror' and '-Werror=exo-...' turn exo warnings into errors (exit 1, nothing
// written), after "--", on exo-cuda's command line, or from the database;
// '-Wno-error=exo-...' keeps one a warning under -Werror.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %exo-cuda -o %t/a.cu %s -- -Werror 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: warning_flags_werror.cpp:[[#@LINE+20]]:5: error: this 'exo::sync(block)' orders no conflicting accesses; remove it to save time [-Werror,-Wexo-unneeded-sync]
// RUN: test ! -e %t/a.cu
// RUN: not %exo-cuda -o %t/a.cu -Werror %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %exo-cuda -o %t/a.cu -Werror=exo-unneeded-sync %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %exo-cuda -o %t/a.cu %s -- -Werror=exo-unneeded-sync 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: echo '[{"directory": "%t", "file": "%s", "command": "c++ -std=c++17 -Werror -c %s"}]' > %t/compile_commands.json
// RUN: not %exo-cuda -p %t -o %t/a.cu %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: test ! -e %t/a.cu
// RUN: %exo-cuda -o %t/a.cu %s -- -Werror -Wno-error=exo-unneeded-sync 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %exo-cuda -p %t -o %t/a.cu -Wno-error=exo-unneeded-sync %s 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning_flags_werror.cpp:[[#@LINE+10]]:5: warning: this 'exo::sync(block)' orders no conflicting accesses; remove it to save time [-Wexo-unneeded-sync]
// RUN: test -s %t/a.cu
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
