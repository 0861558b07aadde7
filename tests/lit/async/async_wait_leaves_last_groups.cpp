// cp_async_wait<2> in a three-stage ring leaves two groups in flight: the copy read in
// iteration k is not complete there (the wait completes only groups older than the
// two newest), and the last copies are never awaited at all.
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
    exo::sm80::cp_async_wait<2>();
    [[exo::sync(block)]];
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

// CHECK: async_wait_leaves_last_groups.cpp:18:62: error: the asynchronous 'exo::sm80::cp_async16' issued here may still be in flight when the kernel ends: no await of queue 'cp_async' completes the group it joins; await it (e.g. with N = 0) before its result is needed and before the kernel ends
// CHECK: async_wait_leaves_last_groups.cpp:18:62: note: for example with {{.*}}
// CHECK: async_wait_leaves_last_groups.cpp:29:9: error: the asynchronous 'exo::sm80::cp_async16' issued here may still be in flight when the kernel ends: no await of queue 'cp_async' completes the group it joins; await it (e.g. with N = 0) before its result is needed and before the kernel ends
// CHECK: async_wait_leaves_last_groups.cpp:29:9: note: for example with {{.*}}
// CHECK-NOT: error:
// CHECK: 2 errors generated.
