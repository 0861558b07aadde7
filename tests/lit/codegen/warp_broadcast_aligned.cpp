// The printer broadcasts a loop's iteration from lane 0 (__shfl_sync) only where every
// iteration is whole warps. Here the thread loop t (iterations of 32 threads) sits in
// iterations of 80 threads (loop a): warp 3 holds t = 0 and t = 1, so a broadcast would
// give lanes 16..31 the wrong t (measured on an H200: 16 wrong elements). t is computed
// per thread instead; the whole-warp loop w keeps its broadcast.
// RUN: %exo-cuda %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// CHECK: const int w = __shfl_sync(0xffffffffu, exo_tid / 32, 0);
// CHECK: const int t = (exo_tid % 80) / 32;
// CHECK-NOT: __shfl_sync
#include <exo/sm80.hpp>

[[exo::kernel]] void k(const exo::bf16* __restrict__ D, float* __restrict__ C) {
  exo::extent(D, 64);
  exo::extent(C, 512);
  [[exo::shared]] exo::bf16 s[8][8];
  [[exo::parallel(thread)]] for (int q = 0; q < 8; ++q) exo::sm80::copy16(s, q, 0, D, q * 8);
  [[exo::sync(block)]];
  [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w)
    [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) C[w * 32 + l] = float(s[(w * 32 + l) / 8][l % 8]);
  [[exo::parallel(thread)]] for (int a = 0; a < 2; ++a) {
    [[exo::parallel(thread)]] for (int x = 0; x < 80; ++x) C[64 + a * 80 + x] = 1.0f;
    [[exo::parallel(thread)]] for (int t = 0; t < 2; ++t)
      [[exo::parallel(thread)]] for (int u = 0; u < 32; ++u) C[256 + a * 64 + t * 32 + u] = (float)(t * 1000 + a * 100 + u);
  }
}
