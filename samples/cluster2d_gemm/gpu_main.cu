// GPU check of cluster2d_gemm: the generated CUDA launcher (clusters of 2 x 2 blocks
// sharing A along cluster rows and B along cluster columns by TMA multicast; bf16)
// against the sequential kernel run on the CPU, on the same random bf16 inputs, at
// several sizes. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/cluster2d_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "cluster2d_gemm.exo.cpp"  // the sequential specification: cpu::cluster2d_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/cluster2d_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::cluster2d_gemm(..., cudaStream_t)

int main() {
  cudaStream_t st = gpu::make_stream("cluster2d_gemm");
  if (!st) return 1;
  const bool ok = gemm::sweep_256x512x64("cluster2d_gemm", cpu::cluster2d_gemm, ::cluster2d_gemm, st);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
