// GPU check of persistent_cluster2d_gemm: the generated CUDA launcher (clusters of 2 x 2
// blocks, as many as the GPU runs at once, running cluster tiles in turn and sharing A
// along cluster rows and B along cluster columns by TMA multicast; TMA, two mbarrier
// rings, warp-specialized asynchronous wgmma; bf16, f16 and f32 multiplied as tf32)
// against the sequential kernel run on the CPU, on the same random inputs, at several
// sizes. EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/persistent_cluster2d_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "persistent_cluster2d_gemm.exo.cpp"  // the sequential specification: cpu::persistent_cluster2d_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/persistent_cluster2d_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::persistent_cluster2d_gemm(..., cudaStream_t)

int main() {
  cudaStream_t st = gpu::make_stream("persistent_cluster2d_gemm");
  if (!st) return 1;
  bool ok = gemm::sweep_persistent<exo::bf16>("persistent_cluster2d_gemm", cpu::persistent_cluster2d_gemm<exo::bf16>,
                                              ::persistent_cluster2d_gemm, st, 256, 512);
  ok &= gemm::sweep_persistent<exo::f16>("persistent_cluster2d_gemm<f16>", cpu::persistent_cluster2d_gemm<exo::f16>,
                                         ::persistent_cluster2d_gemm, st, 256, 512);
  ok &= gemm::sweep_persistent<float>("persistent_cluster2d_gemm<tf32>", cpu::persistent_cluster2d_gemm<float>,
                                      ::persistent_cluster2d_gemm, st, 256, 512);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
