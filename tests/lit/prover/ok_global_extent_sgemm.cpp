// Global arrays with declared shapes: every access to A (M x K), B (K x N) and C (M x N)
// is proven inside them for every size the assumes allow (delinearized by K and N).
// RUN: %exo-cuda --check-only %s
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
        As[i][j] = A[(bm * 32 + i) * K + k0 + j];
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
