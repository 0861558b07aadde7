// Prefetching three tiles ahead into a ring of three slots: the copy issued in
// iteration k writes slot (k + 3) % 3 = k % 3, the slot the other threads are reading
// in the same iteration, with no barrier between the reads and the copy's issue.
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
    if (k + 3 < nk) {
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
        exo::sm80::cp_async16(s[(k + 3) % 3], t, 0, A, ((k + 3) * 64 + t) * 8);
    }
    exo::sm80::cp_async_commit();
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int e = 0; e < 8; ++e) B[t * 8 + e] = acc[t][e];
}

// CHECK: async_ring_overwrites_slot_in_use.cpp:29:9: error: data race on 's': thread ({{[0-9]+}}) writes s{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] that thread ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: async_ring_overwrites_slot_in_use.cpp:26:54: note: the first access (a read by thread ({{[0-9]+}})) here
// CHECK: async_ring_overwrites_slot_in_use.cpp:29:9: note: for example with {{.*}}
// CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::cp_async16' here
// CHECK: async_ring_overwrites_slot_in_use.cpp:27:5: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK-NOT: error:
// CHECK: 1 error generated.
