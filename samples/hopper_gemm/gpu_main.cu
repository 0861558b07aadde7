// GPU check of hopper_gemm: the generated CUDA launcher (TMA, an mbarrier ring, asynchronous wgmma; bf16)
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

static bool run(cudaStream_t st, int M, int N, int K) {
  return gemm::run("hopper_gemm", cpu::hopper_gemm, ::hopper_gemm, st, M, N, K);
}
static bool rejects(cudaStream_t st, int M, int N, int K) { return gemm::rejects("hopper_gemm", ::hopper_gemm, st, M, N, K); }

int main() {
  cudaStream_t st = gpu::make_stream("hopper_gemm");
  if (!st) return 1;
  bool ok = true;
  ok &= run(st, 128, 256, 64);     // one block, one k-step (no prefetch)
  ok &= run(st, 256, 512, 192);    // 2 x 2 blocks, 3 k-steps
  ok &= run(st, 640, 256, 512);    // 5 x 1 blocks, 8 k-steps: the ring wraps twice
  if (!gpu::small_only()) {
    ok &= run(st, 1024, 768, 320);       // 8 x 3 blocks, 5 k-steps
    ok &= run(st, 384, 1280, 4096);      // 3 x 5 blocks, 64 k-steps
    ok &= run(st, 2048, 2048, 1024);     // 128 blocks
    ok &= run(st, 32768, 256, 64);       // the largest M
    ok &= run(st, 128, 65536, 64);       // the largest N
    ok &= run(st, 128, 256, 32768);      // the largest K (512 k-steps)
  }
  ok &= rejects(st, 96, 256, 64);     // M % 128 != 0
  ok &= rejects(st, 128, 136, 64);    // N % 256 != 0
  ok &= rejects(st, 128, 256, 48);    // K % 64 != 0
  ok &= rejects(st, 128, 256, 0);     // K == 0
  ok &= rejects(st, 32896, 256, 64);  // M > 32768 (C's index M * N would overflow int at N = 65536)
  ok &= rejects(st, 128, 256, 32832); // K > 32768
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
