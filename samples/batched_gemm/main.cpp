// CPU check of batched_gemm: the sequential kernel against a triple loop per matrix of
// the batch, in double over the same inputs (rounded to bf16 / f16, truncated to tf32).
#include "batched_gemm.exo.cpp"

#include <string>

#include "../common/gemm_cpu_check.hpp"

template <class T>
int check(const char* name, int batch, int M, int N, int K) {
  std::vector<float> Af(size_t(batch) * M * K), Bf(size_t(batch) * N * K), C(size_t(batch) * M * N, -1.f),
      ref(C.size());
  sample::fill_random(Af, 1);
  sample::fill_random(Bf, 2);
  std::vector<T> A(Af.begin(), Af.end()), B(Bf.begin(), Bf.end());
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double s = 0;
        for (int k = 0; k < K; ++k)
          s += double(gemm_cpu::operand(A[(size_t(b) * M + i) * K + k])) * gemm_cpu::operand(B[(size_t(b) * N + j) * K + k]);
        ref[(size_t(b) * M + i) * N + j] = float(s);
      }
  batched_gemm<T>(batch, M, N, K, A.data(), B.data(), C.data());
  const std::string size = "b=" + std::to_string(batch) + " M=" + std::to_string(M) + " N=" + std::to_string(N) +
                           " K=" + std::to_string(K);
  return sample::check(name, size.c_str(), C, ref, 1e-5) ? 0 : 1;
}

// Two pairs of matrices, the ring wrapping; then an odd batch, ragged N and K.
int main() {
  return check<exo::bf16>("batched_gemm", 4, 128, 256, 384) | check<exo::bf16>("batched_gemm", 3, 64, 160, 136) |
         check<exo::f16>("batched_gemm<f16>", 3, 64, 160, 136) | check<float>("batched_gemm<tf32>", 3, 64, 160, 136);
}
