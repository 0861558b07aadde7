// CPU check of swizzle_gemm: the sequential kernels against a triple loop (samples/common/gemm_cpu_check.hpp).
#include "swizzle_gemm.exo.cpp"

#include "../common/gemm_cpu_check.hpp"

// 2 x 2 blocks, K = 384: 12 (64-byte rows of bf16) .. 48 (32-byte rows of floats) k-steps,
// the ring of 4 wraps; every instance.
int main() {
  return gemm_cpu::check("swizzle64_gemm", swizzle64_gemm<exo::bf16>, 256, 512, 384) |
         gemm_cpu::check("swizzle64_gemm<tf32>", swizzle64_gemm<float>, 256, 512, 384) |
         gemm_cpu::check("swizzle32_gemm", swizzle32_gemm<exo::bf16>, 256, 512, 384) |
         gemm_cpu::check("swizzle32_gemm<tf32>", swizzle32_gemm<float>, 256, 512, 384);
}
