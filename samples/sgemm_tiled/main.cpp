// CPU check of sgemm_tiled: the sequential kernel against a plain triple loop
// (accumulated in double).
#include "sgemm_tiled.exo.cpp"

#include "../common/sample_util.hpp"

int main() {
  const int M = 96, N = 64, K = 160;  // 3 x 2 tiles, 5 k-steps
  std::vector<float> A(M * K), B(K * N), C(M * N, -1.f), ref(M * N);
  sample::fill_random(A, 1);
  sample::fill_random(B, 2);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += static_cast<double>(A[i * K + k]) * B[k * N + j];
      ref[i * N + j] = static_cast<float>(s);
    }

  sgemm_tiled(M, N, K, A.data(), B.data(), C.data());

  return sample::check("sgemm_tiled", "M=96 N=64 K=160", C, ref, 1e-5) ? 0 : 1;
}
