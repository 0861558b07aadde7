// The group is committed only when a copy was issued: the number of groups a thread
// has committed before an await then depends on the data of every earlier iteration,
// and the prover refuses to guess which copy a wait completes.
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
    exo::sm80::cp_async_wait<1>();
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
      for (int e = 0; e < 8; ++e) acc[t][e] += float(s[k % 3][63 - t][e]) * float(k + 1);
    if (k + 2 < nk) {
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
        exo::sm80::cp_async16(s[(k + 2) % 3], t, 0, A, ((k + 2) * 64 + t) * 8);
      exo::sm80::cp_async_commit();
    }
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int e = 0; e < 8; ++e) B[t * 8 + e] = acc[t][e];
}

// CHECK: async_commit_under_condition.cpp:18:62: error: cannot prove when the asynchronous 'exo::sm80::cp_async16' issued here completes, because an 'if' (noted) commits groups in one branch only; commit unconditionally (empty groups are fine)
// CHECK: async_commit_under_condition.cpp:27:5: note: the statement in question here
// CHECK: async_commit_under_condition.cpp:29:9: error: cannot prove when the asynchronous 'exo::sm80::cp_async16' issued here completes, because an 'if' (noted) commits groups in one branch only; commit unconditionally (empty groups are fine)
// CHECK: async_commit_under_condition.cpp:27:5: note: the statement in question here
// CHECK-NOT: error:
// CHECK: 2 errors generated.
