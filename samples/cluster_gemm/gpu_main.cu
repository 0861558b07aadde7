// GPU check of cluster_gemm: the generated CUDA launcher (clusters of two blocks sharing B by TMA multicast; bf16)
// against the sequential kernel run on the CPU, on the same random bf16 inputs, at
// several sizes. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/cluster_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "cluster_gemm.exo.cpp"  // the sequential specification: cpu::cluster_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/cluster_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::cluster_gemm(..., cudaStream_t)

int main() {
  cudaStream_t st = gpu::make_stream("cluster_gemm");
  if (!st) return 1;
  const bool ok = gemm::sweep_256x256x64("cluster_gemm", cpu::cluster_gemm, ::cluster_gemm, st);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
