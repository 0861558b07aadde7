// One past the end: A[row * K + col + 1] leaves A (M x K) at its last element. The
// witness is a real thread, block and k0, and the note points at the declared extent.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: index '(bm * 32 + i) * K + k0 + j + 1' (= [[V:[0-9]+]]) of 'A' out of bounds (extent [[V]]) for thread (31, 31) of block
// CHECK: note: the extent here
// CHECK: note: for example with M = {{[0-9]+}}, N = {{[0-9]+}}, K = {{[0-9]+}}; k0 = {{[0-9]+}}
#include <exo/exo.hpp>

[[exo::kernel]]
void sgemm(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  exo::assume(M % 32 == 0 && N % 32 == 0 && K % 32 == 0);
  exo::assume(M <= 32768 && N <= 32768 && K <= 32768);
  exo::extent(A, M, K);
  exo::extent(B, K, N);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / 32; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / 32; ++bn) {
    [[exo::shared]] float As[32][32];
    [[exo::shared]] float Bs[32][32];
    [[exo::registers]] float acc[32][32];
    [[exo::parallel(thread)]] for (int i = 0; i < 32; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < 32; ++j) acc[i][j] = 0.f;
    for (int k0 = 0; k0 < K; k0 += 32) {
      [[exo::parallel(thread)]] for (int i = 0; i < 32; ++i)
      [[exo::parallel(thread)]] for (int j = 0; j < 32; ++j) {
        As[i][j] = A[(bm * 32 + i) * K + k0 + j + 1];
        Bs[i][j] = B[(k0 + i) * N + bn * 32 + j];
      }
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int i = 0; i < 32; ++i)
      [[exo::parallel(thread)]] for (int j = 0; j < 32; ++j)
        for (int k = 0; k < 32; ++k) acc[i][j] += As[i][k] * Bs[k][j];
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int i = 0; i < 32; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < 32; ++j)
      C[(bm * 32 + i) * N + bn * 32 + j] = acc[i][j];
  }
}
