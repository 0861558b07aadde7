// CPU check of ragged_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "ragged_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// 2 x 2 blocks, 6 k-steps (the ring of 4 wraps); then tiles that cross every edge.
int main() {
  return gemm_cpu::check("ragged_gemm", ragged_gemm<exo::bf16>, 256, 512, 384) |
         gemm_cpu::check("ragged_gemm", ragged_gemm<exo::bf16>, 200, 300, 136) |
         gemm_cpu::check("ragged_gemm<f16>", ragged_gemm<exo::f16>, 200, 300, 136) |
         gemm_cpu::check("ragged_gemm<tf32>", ragged_gemm<float>, 200, 300, 136);
}
