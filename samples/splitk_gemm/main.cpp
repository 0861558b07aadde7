// CPU check of splitk_gemm: the sequential kernel (C += A * B^T, C random at first)
// against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "splitk_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// 2 x 1 tiles, K in 4 shares of 6 steps: the ring of 4 wraps in every share.
int main() {
  return gemm_cpu::check("splitk_gemm", splitk_gemm<exo::bf16>, 256, 256, 4 * 6 * 64, /*accumulates=*/true) |
         gemm_cpu::check("splitk_gemm<f16>", splitk_gemm<exo::f16>, 256, 256, 4 * 6 * 64, /*accumulates=*/true) |
         gemm_cpu::check("splitk_gemm<tf32>", splitk_gemm<float>, 256, 256, 4 * 6 * 32, /*accumulates=*/true);
}
