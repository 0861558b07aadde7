// Each thread reads the row it copied, but before the wait: the copy may not have
// landed yet, even in the issuing thread (async_* tests; the explanation of
// err_async_in_flight has the fixed version).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, exo::bf16* __restrict__ B) {
  exo::extent(A, 32, 8);
  exo::extent(B, 32, 8);
  [[exo::shared]] exo::bf16 s[32][8];
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) exo::sm80::cp_async16(s, t, 0, A, t * 8);
  exo::sm80::cp_async_commit();
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    for (int e = 0; e < 8; ++e) B[8 * t + e] = s[t][e];
  exo::sm80::cp_async_wait<0>();
}

// CHECK: async_read_before_wait.cpp:15:48: error: 's{{\[}}t]{{\[}}e]' reads s{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] while the asynchronous 'exo::sm80::cp_async16' may still be writing it; move the access after an await of queue 'cp_async' that completes it, or await earlier
// CHECK: async_read_before_wait.cpp:12:58: note: the asynchronous 'exo::sm80::cp_async16' issued here (by thread ({{[0-9]+}}))
// CHECK: async_read_before_wait.cpp:15:48: note: for example with {{.*}}
// CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::cp_async16' here
// CHECK-NOT: error:
// CHECK: 1 error generated.
