// A three-stage cp.async pipeline: tile k + 2 is copied while tile k is read. The copy
// issued in iteration k joins the group committed at the end of that iteration;
// cp_async_wait<1> at the top of iteration k + 2 leaves only the newest group in
// flight, so the copy is complete there, and the block barrier after the wait orders it
// before every thread's reads. The slot it overwrites, (k + 2) % 3, was last read in
// iteration k - 1, before this iteration's barrier. Every group is committed
// unconditionally (an empty group when there is nothing left to copy).
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
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
    }
    exo::sm80::cp_async_commit();
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    for (int e = 0; e < 8; ++e) B[t * 8 + e] = acc[t][e];
}
