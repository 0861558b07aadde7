// CPU check of persistent_cluster2d_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "persistent_cluster2d_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// One cluster tile (2 x 2 blocks) by two cluster columns, 8 k-steps (a multiple of the 4
// slots): the ring wraps; every instance (bf16, f16, f32 as tf32).
int main() {
  return gemm_cpu::check("persistent_cluster2d_gemm", persistent_cluster2d_gemm<exo::bf16>, 256, 1024, 512) |
         gemm_cpu::check("persistent_cluster2d_gemm<f16>", persistent_cluster2d_gemm<exo::f16>, 256, 1024, 512) |
         gemm_cpu::check("persistent_cluster2d_gemm<tf32>", persistent_cluster2d_gemm<float>, 256, 1024, 512);
}
