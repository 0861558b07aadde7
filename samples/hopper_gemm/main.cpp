// CPU check of hopper_gemm: the sequential kernel (its instructions run their C++ bodies)
// against a plain triple loop in double over the same bf16-rounded inputs.
#include "hopper_gemm.exo.cpp"

#include "../common/sample_util.hpp"

int main() {
  const int M = 256, N = 512, K = 384;  // 2 x 2 blocks, 6 k-steps: the ring of 4 wraps
  std::vector<float> Af(M * K), Bf(N * K), C(M * N, -1.f), ref(M * N);
  sample::fill_random(Af, 1);
  sample::fill_random(Bf, 2);
  std::vector<exo::bf16> A(Af.begin(), Af.end()), B(Bf.begin(), Bf.end());
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += static_cast<double>(float(A[i * K + k])) * float(B[j * K + k]);
      ref[i * N + j] = static_cast<float>(s);
    }

  hopper_gemm(M, N, K, A.data(), B.data(), C.data());

  return sample::check("hopper_gemm", "M=256 N=512 K=384", C, ref, 1e-5) ? 0 : 1;
}
