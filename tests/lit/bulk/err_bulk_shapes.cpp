// Shapes the bulk-group instructions refuse at compile time (a review's kernels, accepted
// before): a wait with a negative group count (PTX takes it and waits for nothing, so C
// was read while the store was in flight) and TMA boxes the driver refuses (rows of 8
// bytes; 300 rows), whose launcher failed at every call.
// RUN: not %exo-cuda --check-only %s -- -DNEG 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %exo-cuda --check-only %s -- -DNARROW 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// NEG: error: static assertion failed due to requirement '-1 >= 0': N groups may stay in flight, N >= 0
// NARROW: error: static assertion failed due to requirement '(2 * sizeof(float)) % 16 == 0': a TMA box of at most 256 x 256 elements whose rows are multiples of 16 bytes
#include <exo/sm90.hpp>

#ifdef NARROW
constexpr int W = 2;
#else
constexpr int W = 16;
#endif

[[exo::kernel]]
void k(const float* __restrict__ X, float* __restrict__ C, float* __restrict__ Y) {
  exo::extent(X, 16, 64);
  exo::extent(C, 16, 64);
  exo::extent(Y, 16, 64);
  [[exo::shared]] float tile[16][W];
  [[exo::parallel(thread)]] for (int r = 0; r < 16; ++r)
  for (int c = 0; c < W; ++c) tile[r][c] = X[r * 64 + c] * 2.0f;
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
    exo::sm90::tma_store(C, 64, 0, 0, tile);
#ifdef NEG
    exo::sm90::bulk_wait<-1>();
#endif
    exo::sm90::bulk_commit();
    exo::sm90::bulk_wait<0>();
  }
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int r = 0; r < 16; ++r)
  for (int c = 0; c < W; ++c) Y[r * 64 + c] = C[r * 64 + c] + 1.0f;
}
