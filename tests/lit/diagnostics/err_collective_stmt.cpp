// err_collective_stmt: an assignment outside thread loops would run on every thread of the
// collective (block, warpgroup or warp).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
// A scalar updated between loops (a ping-pong scan's buffer index) cannot move into a
// thread loop: the hint says to compute it from loop variables.
// RUN: not %exo-cuda --check-only %s -- -DSCALAR 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: err_collective_stmt.cpp:[[@LINE+36]]:5: error: this statement would be executed by every one of the 64 threads of the block; declare 'cur' where it is used, with its value computed from loop variables (a ping-pong buffer's index as `const int cur = step % 2;` in the loop over steps), instead of updating it between loops
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, float* __restrict__ out, float* __restrict__ flag) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
#ifdef FIXED
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) flag[b] = 1.f;
#else
    // CHECK: err_collective_stmt.cpp:[[@LINE+1]]:5: error: this statement would be executed by every one of the 64 threads of the block; put it inside an '{{\[\[}}exo::parallel(thread)]]' loop
    flag[b] = 1.f;
#endif
    [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w) {
#ifdef FIXED
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) out[(b * 2 + w) * 33] = 0.f;
#else
      // CHECK: err_collective_stmt.cpp:[[@LINE+2]]:7: error: this statement would be executed by every one of the 32 threads of the warp;
      // CHECK: err_collective_stmt.cpp:[[@LINE-5]]:5: note: enclosing 'warp' loop here
      out[(b * 2 + w) * 33] = 0.f;
#endif
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[(b * 2 + w) * 33 + 1 + t] = 1.f;
    }
  }
}

#ifdef SCALAR
[[exo::kernel]]
void scan(const float* __restrict__ in, float* __restrict__ out) {
  exo::extent(in, 64);
  exo::extent(out, 64);
  [[exo::shared]] float buf[2][64];
  int cur = 0;
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) buf[0][t] = in[t];
  [[exo::sync(block)]];
  for (int step = 1; step < 64; step *= 2) {
    cur = 1 - cur;
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
      buf[cur][t] = t >= step ? buf[1 - cur][t] + buf[1 - cur][t - step] : buf[1 - cur][t];
    [[exo::sync(block)]];
  }
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) out[t] = buf[cur][t];
}
#endif
// CHECK-NOT: error:
// CHECK: 2 errors generated.
