// GPU check of tma_gemm: the generated CUDA launcher (TMA, an mbarrier ring, asynchronous wgmma; bf16, f16 and f32 multiplied as tf32)
// against the sequential kernel run on the CPU, on the same random inputs, at several
// sizes. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/tma_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "tma_gemm.exo.cpp"  // the sequential specification: cpu::tma_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/tma_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::tma_gemm(..., cudaStream_t)

int main() {
  cudaStream_t st = gpu::make_stream("tma_gemm");
  if (!st) return 1;
  bool ok = gemm::sweep_tiles<exo::bf16>("tma_gemm", cpu::tma_gemm<exo::bf16>, ::tma_gemm, st, 128, 64, 256, 65536);
  ok &= gemm::sweep_tiles<exo::f16>("tma_gemm<f16>", cpu::tma_gemm<exo::f16>, ::tma_gemm, st, 128, 64, 256, 65536);
  ok &= gemm::sweep_tiles<float>("tma_gemm<tf32>", cpu::tma_gemm<float>, ::tma_gemm, st, 128, 64, 256, 65536);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
