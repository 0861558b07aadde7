// GPU check of hopper_gemm: the generated CUDA launcher (a TMA producer warpgroup, two consumer warpgroups; bf16)
// against the sequential kernel run on the CPU, on the same random bf16 inputs, at
// several sizes. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/hopper_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "hopper_gemm.exo.cpp"  // the sequential specification: cpu::hopper_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/hopper_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::hopper_gemm(..., cudaStream_t)

int main() {
  cudaStream_t st = gpu::make_stream("hopper_gemm");
  if (!st) return 1;
  const bool ok = gemm::sweep_128x256x64("hopper_gemm", cpu::hopper_gemm, ::hopper_gemm, st);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
