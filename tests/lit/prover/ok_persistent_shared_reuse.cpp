// A persistent kernel whose tiles reuse one shared array: the barrier at the end of the
// tile orders this tile's reads before the next tile's writes (the two-tile proof needs
// it, and does not call it unneeded although one tile alone would not need it).
// RUN: %exo-cuda --check-only %s 2>&1 | FileCheck %s --allow-empty
// CHECK-NOT: warning
// RUN: sed -e '/the next tile refills s/d' %s > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: data race on 's': thread (63) of block (0) writes s[63] that thread (0) of block (0) reads with no 'exo::sync(block)' between them
// RACE-NEXT: s[t] = A[b * 64 + t];
// RACE-NEXT: ^
// RACE-NEXT: note: found in two consecutive tiles that one block runs
#include <exo/exo.hpp>

[[exo::kernel]] void reverse_rows(int M, const float* __restrict__ A, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 1024);
  exo::extent(A, M * 64);
  exo::extent(C, M * 64);
  [[exo::parallel(persistent)]] for (int b = 0; b < M; ++b) {
    [[exo::shared]] float s[64];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) s[t] = A[b * 64 + t];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) C[b * 64 + t] = s[63 - t];
    [[exo::sync(block)]];  // the next tile refills s
  }
}
