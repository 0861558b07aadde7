// A tiled dot product whose trailing barrier is skipped in the last step (nothing is
// reloaded after it): the last step's update of part races with the final sum. Before,
// the barrier of the loop (a symbolic trip count) did not count for the accesses around
// the loop, and the error named the zeroing of part before the loop, which that barrier
// orders; now it names the update in the loop's last step.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 'part': thread ({{[0-9]+}}) of block (0) writes part[{{[0-9]+}}] that thread (0) of block (0) reads
// CHECK: note: the first access (a write by thread ({{[0-9]+}}) of block (0)) here
// CHECK-NEXT: part[t] += A[r * K + k0 + t] * vs[127 - t];
// CHECK: note: for example with K = 128; the first access at k0 = 0, the second access at i = {{[0-9]+}}
// CHECK: 1 error generated.
#include <exo/exo.hpp>

[[exo::kernel]]
void tiled_dot(int K, const float* __restrict__ A, const float* __restrict__ v, float* __restrict__ out) {
  exo::assume(K % 128 == 0 && K > 0 && K <= 65536);
  [[exo::parallel(block)]] for (int r = 0; r < 1024; ++r) {
    [[exo::shared]] float vs[128];
    [[exo::shared]] float part[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) part[t] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 128) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) vs[t] = v[k0 + t];
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
        part[t] += A[r * K + k0 + t] * vs[127 - t];
      if (k0 + 128 < K) [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
      float acc = 0.f;
      for (int i = 0; i < 128; ++i) acc += part[i];
      out[r] = acc;
    }
  }
}
