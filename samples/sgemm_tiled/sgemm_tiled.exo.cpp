// sgemm_tiled: C = A * B (row-major; A is M x K, B is K x N, C is M x N).
// Demonstrates a 2-D grid of 32x32 output tiles, shared-memory staging of A and B
// tiles between block barriers, and a distributed register accumulator
// ([[exo::registers]]: thread (i, j) owns acc[i][j]).
#include <exo/exo.hpp>

[[exo::kernel]]
void sgemm_tiled(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B,
                 float* __restrict__ C) {
  exo::assume(M % 32 == 0 && N % 32 == 0 && K % 32 == 0);
  exo::assume(M <= 32768 && N <= 32768 && K <= 32768);  // indices fit in int
  [[exo::parallel(block)]] for (int bm = 0; bm < M / 32; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / 32; ++bn) {
    [[exo::shared]] float As[32][32];
    [[exo::shared]] float Bs[32][32];
    [[exo::registers]] float acc[32][32];          // distributed: thread (i, j) owns acc[i][j]
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
