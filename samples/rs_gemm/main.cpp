// CPU check of rs_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "rs_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// 2 x 2 blocks, 6 k-steps (the ring of 4 wraps); f16 and tf32 (A in wgmma_a_tf32 fragments).
int main() {
  return gemm_cpu::check("rs_gemm", rs_gemm<exo::bf16>, 256, 256, 384) |
         gemm_cpu::check("rs_gemm<f16>", rs_gemm<exo::f16>, 128, 256, 128) |
         gemm_cpu::check("rs_gemm<tf32>", rs_gemm<float>, 128, 256, 96);
}
