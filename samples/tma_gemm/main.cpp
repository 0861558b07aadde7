// CPU check of tma_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "tma_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// 2 x 2 blocks, 6 k-steps: the ring of 4 wraps; every instance (bf16, f16, f32 as tf32).
int main() {
  return gemm_cpu::check("tma_gemm", tma_gemm<exo::bf16>, 256, 512, 384) |
         gemm_cpu::check("tma_gemm<f16>", tma_gemm<exo::f16>, 256, 512, 384) |
         gemm_cpu::check("tma_gemm<tf32>", tma_gemm<float>, 256, 512, 384);
}
