// The CPU check shared by the 16-bit (bf16, f16) GEMM samples (C = A * B^T, row-major A M x K, B N x K,
// C M x N in f32): the sequential kernel (its instructions run their C++ bodies) against a
// plain triple loop in double over the same inputs (rounded to bf16 / f16, or truncated to
// tf32 for f32 inputs).
#ifndef EXO_GEMM_CPU_CHECK_HPP
#define EXO_GEMM_CPU_CHECK_HPP

#include <exo/exo.hpp>

#include <string>
#include <type_traits>

#include "sample_util.hpp"

namespace gemm_cpu {

template <class T>
using Kernel = void (*)(int, int, int, const T*, const T*, float*);

/// An input as the tensor cores multiply it: 16-bit types exactly, f32 as tf32 (the top
/// 19 bits, exo::tf32_truncate: Hopper's wgmma on f32 tiles).
template <class T>
float operand(T x) {
  if constexpr (std::is_same_v<T, float>) return exo::tf32_truncate(x);
  else return float(x);
}

/// Runs `kernel` at M x N x K and prints a row; the process status to return. C starts
/// as -1 everywhere (a kernel that stores must overwrite it); an `accumulates` kernel
/// (C += A * B^T: split-k) starts from random values, which the reference adds to.
template <class T>
inline int check(const char* name, Kernel<T> kernel, int M, int N, int K, bool accumulates = false) {
  std::vector<float> Af(M * K), Bf(N * K), C(M * N, -1.f), ref(M * N);
  sample::fill_random(Af, 1);
  sample::fill_random(Bf, 2);
  if (accumulates) sample::fill_random(C, 3);
  std::vector<T> A(Af.begin(), Af.end()), B(Bf.begin(), Bf.end());
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += static_cast<double>(operand(A[i * K + k])) * operand(B[j * K + k]);
      ref[i * N + j] = static_cast<float>(s + (accumulates ? C[i * N + j] : 0.0));
    }
  kernel(M, N, K, A.data(), B.data(), C.data());
  const std::string size = "M=" + std::to_string(M) + " N=" + std::to_string(N) + " K=" + std::to_string(K);
  return sample::check(name, size.c_str(), C, ref, 1e-5) ? 0 : 1;
}

}  // namespace gemm_cpu

#endif  // EXO_GEMM_CPU_CHECK_HPP
