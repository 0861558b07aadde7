// GPU check of splitk_gemm: the generated CUDA launcher (hopper_gemm's blocks over four
// shares of K, each adding its tile to C atomically; bf16, f16 and f32 as tf32) against the sequential kernel
// run on the CPU, on the same random bf16, f16 and f32 as tf32 inputs and the same random starting C, at
// several sizes. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/splitk_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "splitk_gemm.exo.cpp"  // the sequential specification: cpu::splitk_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/splitk_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::splitk_gemm(..., cudaStream_t)

int main() {
  cudaStream_t st = gpu::make_stream("splitk_gemm");
  if (!st) return 1;
  bool ok = gemm::sweep_splitk<exo::bf16>("splitk_gemm", cpu::splitk_gemm<exo::bf16>, ::splitk_gemm, st, cpu::SPLITS);
  ok &= gemm::sweep_splitk<exo::f16>("splitk_gemm<f16>", cpu::splitk_gemm<exo::f16>, ::splitk_gemm, st, cpu::SPLITS);
  ok &= gemm::sweep_splitk<float>("splitk_gemm<tf32>", cpu::splitk_gemm<float>, ::splitk_gemm, st, cpu::SPLITS);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
