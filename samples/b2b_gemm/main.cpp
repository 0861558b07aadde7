// CPU check of b2b_gemm: the sequential kernel against plain loops over the same inputs:
// P = A * B^T summed in float in the same order as the kernel's meaning (so P's rounding
// to bf16 / f16 agrees), then E = P * D^T in double.
#include "b2b_gemm.exo.cpp"

#include <string>

#include "../common/sample_util.hpp"

template <class T>
int check(const char* name, int M, int N, int K) {
  std::vector<float> Af(size_t(M) * K), Bf(size_t(H) * K), Df(size_t(N) * H), E(size_t(M) * N, -1.f), ref(E.size());
  sample::fill_random(Af, 1);
  sample::fill_random(Bf, 2);
  sample::fill_random(Df, 3);
  std::vector<T> A(Af.begin(), Af.end()), B(Bf.begin(), Bf.end()), D(Df.begin(), Df.end());
  std::vector<T> P(size_t(M) * H);
  for (int i = 0; i < M; ++i)
    for (int h = 0; h < H; ++h) {
      float s = 0.f;
      for (int k = 0; k < K; ++k) s += float(A[size_t(i) * K + k]) * float(B[size_t(h) * K + k]);
      P[size_t(i) * H + h] = T(s);
    }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int h = 0; h < H; ++h) s += double(float(P[size_t(i) * H + h])) * float(D[size_t(j) * H + h]);
      ref[size_t(i) * N + j] = float(s);
    }
  b2b_gemm<T>(M, N, K, A.data(), B.data(), D.data(), E.data());
  const std::string size = "M=" + std::to_string(M) + " N=" + std::to_string(N) + " K=" + std::to_string(K);
  return sample::check(name, size.c_str(), E, ref, 1e-5) ? 0 : 1;
}

// 2 x 2 blocks; K of 6 steps (the ring of 4 wraps).
int main() { return check<exo::bf16>("b2b_gemm", 256, 256, 384) | check<exo::f16>("b2b_gemm<f16>", 128, 256, 128); }
