// CPU check of skinny_gemm: the sequential kernel against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "skinny_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// One cluster (two blocks of 64 rows) by three columns of 128, 5 K steps of 128 (more than
// the 4 slots): the ring wraps; every instance (bf16, f16, f32 as tf32).
int main() {
  return gemm_cpu::check("skinny_gemm", skinny_gemm<exo::bf16>, 128, 384, 640) |
         gemm_cpu::check("skinny_gemm<f16>", skinny_gemm<exo::f16>, 128, 384, 640) |
         gemm_cpu::check("skinny_gemm<tf32>", skinny_gemm<float>, 128, 384, 640);
}
