// GPU check of ragged_gemm: the generated CUDA launcher (hopper_gemm for any M, N, K % 8 == 0; bf16, f16 and f32 as tf32)
// against the sequential kernel run on the CPU, on the same random bf16, f16 and f32 as tf32 inputs, at
// several sizes, ragged ones too. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/ragged_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "ragged_gemm.exo.cpp"  // the sequential specification: cpu::ragged_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/ragged_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::ragged_gemm(..., cudaStream_t)

int main() {
  cudaStream_t st = gpu::make_stream("ragged_gemm");
  if (!st) return 1;
  bool ok = gemm::sweep_any_k8<exo::bf16>("ragged_gemm", cpu::ragged_gemm<exo::bf16>, ::ragged_gemm, st);
  ok &= gemm::sweep_any_k8<exo::f16>("ragged_gemm<f16>", cpu::ragged_gemm<exo::f16>, ::ragged_gemm, st);
  ok &= gemm::sweep_any_k8<float>("ragged_gemm<tf32>", cpu::ragged_gemm<float>, ::ragged_gemm, st);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
