// CPU check of persistent_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "persistent_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// 2 x 2 tiles, 8 k-steps (a multiple of the 4 slots): the ring wraps; every instance (bf16, f16, f32 as tf32).
int main() {
  return gemm_cpu::check("persistent_gemm", persistent_gemm<exo::bf16>, 256, 512, 512) |
         gemm_cpu::check("persistent_gemm<f16>", persistent_gemm<exo::f16>, 256, 512, 512) |
         gemm_cpu::check("persistent_gemm<tf32>", persistent_gemm<float>, 256, 512, 512);
}
