// The barrier comes before the wait: each thread's own copy is complete after its
// wait, but the row it reads was copied by another thread, whose completion nothing
// orders before the read. The fix-it puts the barrier after the wait.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int nk, const exo::bf16* __restrict__ A, float* __restrict__ B) {
  exo::assume(nk > 0 && nk <= 1024);
  exo::extent(A, nk * 64, 8);
  exo::extent(B, 64, 8);
  [[exo::shared]] exo::bf16 s[3][64][8];
  [[exo::registers]] float acc[64][8];
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int e = 0; e < 8; ++e) acc[t][e] = 0.f;
  for (int p = 0; p < 2; ++p) {
    if (p < nk) {
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) exo::sm80::cp_async16(s[p], t, 0, A, (p * 64 + t) * 8);
    }
    exo::sm80::cp_async_commit();
  }
  for (int k = 0; k < nk; ++k) {
    [[exo::sync(block)]];
    exo::sm80::cp_async_wait<1>();
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
      for (int e = 0; e < 8; ++e) acc[t][e] += float(s[k % 3][63 - t][e]) * float(k + 1);
    if (k + 2 < nk) {
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
        exo::sm80::cp_async16(s[(k + 2) % 3], t, 0, A, ((k + 2) * 64 + t) * 8);
    }
    exo::sm80::cp_async_commit();
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int e = 0; e < 8; ++e) B[t * 8 + e] = acc[t][e];
}


// CHECK: async_barrier_before_wait.cpp:26:54: error: data race on 's': thread ({{[0-9]+}}) writes s{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] that thread ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: async_barrier_before_wait.cpp:18:62: note: the first access (a write by thread ({{[0-9]+}})) here
// CHECK: async_barrier_before_wait.cpp:26:54: note: for example with {{.*}}
// CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::cp_async16' here
// CHECK: async_barrier_before_wait.cpp:25:5: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK: async_barrier_before_wait.cpp:24:5: note: the asynchronous 'exo::sm80::cp_async16' is complete only after this await; the access must be ordered after it
// CHECK: async_barrier_before_wait.cpp:26:54: error: data race on 's': thread ({{[0-9]+}}) writes s{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] that thread ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: async_barrier_before_wait.cpp:29:9: note: the first access (a write by thread ({{[0-9]+}})) here
// CHECK: async_barrier_before_wait.cpp:26:54: note: for example with {{.*}}
// CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::cp_async16' here
// CHECK: async_barrier_before_wait.cpp:25:5: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK: async_barrier_before_wait.cpp:24:5: note: the asynchronous 'exo::sm80::cp_async16' is complete only after this await; the access must be ordered after it
// CHECK-NOT: error:
// CHECK: 2 errors generated.
