// a correct kernel: the prover must accept it
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int M, int N, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(M % 32 == 0 && N % 32 == 0);
  exo::assume(M <= 32768 && N <= 32768);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / 32; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / 32; ++bn)
  [[exo::parallel(thread)]] for (int i = 0; i < 32; ++i)
  [[exo::parallel(thread)]] for (int j = 0; j < 32; ++j)
    y[(bm * 32 + i) * N + bn * 32 + j] = x[(bm * 32 + i) * N + bn * 32 + j] * 2.f;
}
