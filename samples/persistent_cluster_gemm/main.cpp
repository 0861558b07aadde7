// CPU check of persistent_cluster_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "persistent_cluster_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// One cluster tile (two blocks) by two columns, 8 k-steps (a multiple of the 4 slots): the ring
// wraps; every instance (bf16, f16, f32 as tf32).
int main() {
  return gemm_cpu::check("persistent_cluster_gemm", persistent_cluster_gemm<exo::bf16>, 256, 512, 512) |
         gemm_cpu::check("persistent_cluster_gemm<f16>", persistent_cluster_gemm<exo::f16>, 256, 512, 512) |
         gemm_cpu::check("persistent_cluster_gemm<tf32>", persistent_cluster_gemm<float>, 256, 512, 512);
}
