// GPU check of swizzle_gemm: the generated launchers (TMA into 64- and 32-byte-swizzled
// tiles, wgmma from descriptors of those layouts; bf16, and f32 multiplied as tf32)
// against the sequential kernels run on the CPU, on the same random inputs, at several
// sizes. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/swizzle_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "swizzle_gemm.exo.cpp"  // the sequential specification: cpu::swizzle64_gemm, cpu::swizzle32_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/swizzle_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launchers: ::swizzle64_gemm(..., cudaStream_t), ::swizzle32_gemm

int main() {
  cudaStream_t st = gpu::make_stream("swizzle_gemm");
  if (!st) return 1;
  // K steps of one swizzle row: 64 bytes (32 bf16, 16 floats) or 32 bytes (16 bf16, 8 floats).
  bool ok = gemm::sweep_128x256<exo::bf16>("swizzle64_gemm", cpu::swizzle64_gemm<exo::bf16>, ::swizzle64_gemm, st, 32);
  ok &= gemm::sweep_128x256<float>("swizzle64_gemm<tf32>", cpu::swizzle64_gemm<float>, ::swizzle64_gemm, st, 16);
  ok &= gemm::sweep_128x256<exo::bf16>("swizzle32_gemm", cpu::swizzle32_gemm<exo::bf16>, ::swizzle32_gemm, st, 16);
  ok &= gemm::sweep_128x256<float>("swizzle32_gemm<tf32>", cpu::swizzle32_gemm<float>, ::swizzle32_gemm, st, 8);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
