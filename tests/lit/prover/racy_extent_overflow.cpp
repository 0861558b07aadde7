// exo::extent's shape is evaluated by the launcher (a TMA tensor map's dimensions) once the
// assumes hold, in the kernel's types, even where the kernel never evaluates it. It is
// checked like an assume (review of the fifteenth session: 'n * m' wrapped to 1024 rows
// and TMA silently dropped the rows past them; '4096 / m' with m = 0 allowed crashed the
// host with SIGFPE).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(int n, int m, float* __restrict__ out) {
#ifdef FIXED
  exo::assume(n >= 0 && n <= 1024 && m >= 16 && m <= 2097151);
#else
  exo::assume(n >= 0 && n <= 1024 && m >= 16 && m <= 1073741824);
#endif
  // CHECK: racy_extent_overflow.cpp:[[@LINE+1]]:20: error: the product 'n * m' in the extent of 'out' may overflow 'int': its value can be 2147483648 (1024 * 2097152), outside [-2147483648, 2147483647]
  exo::extent(out, n * m, 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float tile[16][32];
    [[exo::parallel(thread)]] for (int r = 0; r < 16; ++r)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c) tile[r][c] = 1.0f;
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
      exo::sm90::tma_store(out, 32, 16 * b, 0, tile);
      exo::sm90::bulk_commit();
      exo::sm90::bulk_wait<0>();
    }
  }
}

[[exo::kernel]]
void d(int n, int m, float* __restrict__ out) {
#ifdef FIXED
  exo::assume(n >= 0 && n <= 1024 && m >= 1 && m <= 64);
#else
  exo::assume(n >= 0 && n <= 1024 && m >= 0 && m <= 64);
#endif
  exo::assume(m == 0 || (4096 % m == 0 && (4096 / m) % 32 == 0));
  // CHECK: racy_extent_overflow.cpp:[[@LINE+1]]:28: error: the quotient '4096 / m' in the extent of 'out' may divide by zero: its divisor 'm' can be 0
  exo::extent(out, 16 * n, 4096 / m);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float tile[16][32];
    [[exo::parallel(thread)]] for (int r = 0; r < 16; ++r)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c) tile[r][c] = 1.0f;
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
      for (int j = 0; j < (m > 0 ? 4096 / m / 32 : 0); ++j) {  // the kernel divides only when m > 0
        exo::sm90::tma_store(out, 4096 / m, 16 * b, 32 * j, tile);
        exo::sm90::bulk_commit();
      }
      exo::sm90::bulk_wait<0>();
    }
  }
}
// CHECK-NOT: error:
