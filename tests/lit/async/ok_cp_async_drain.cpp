// Double buffering with cp.async and a drain: the copy of tile k + 1 is issued at the
// top of iteration k; cp_async_wait<1> after the commit completes every group but that
// newest one, i.e. tile k. The last tile's copy is completed by the cp_async_wait<0>
// after the loop, before the epilogue reads it. The barrier at the end of each
// iteration frees the slot that the next iteration's copy overwrites.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int nk, const exo::bf16* __restrict__ A, float* __restrict__ B) {
  exo::assume(nk > 0 && nk <= 1024);
  exo::extent(A, nk * 32, 8);
  exo::extent(B, 32, 8);
  [[exo::shared]] exo::bf16 s[2][32][8];
  [[exo::registers]] float acc[32][8];
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    for (int e = 0; e < 8; ++e) acc[t][e] = 0.f;
    exo::sm80::cp_async16(s[0], t, 0, A, t * 8);
  }
  exo::sm80::cp_async_commit();
  for (int k = 0; k < nk - 1; ++k) {
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      exo::sm80::cp_async16(s[(k + 1) % 2], t, 0, A, ((k + 1) * 32 + t) * 8);
    exo::sm80::cp_async_commit();
    exo::sm80::cp_async_wait<1>();
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      for (int e = 0; e < 8; ++e) acc[t][e] += float(s[k % 2][31 - t][e]) * float(k + 1);
    [[exo::sync(block)]];
  }
  exo::sm80::cp_async_wait<0>();
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
    for (int e = 0; e < 8; ++e) B[t * 8 + e] = acc[t][e] + float(s[(nk - 1) % 2][31 - t][e]) * float(nk);
}
