// GPU check of skinny_gemm: the generated CUDA launcher (64 x 128 tiles in clusters of two
// blocks along M sharing B by TMA multicast; a TMA producer warpgroup, one wgmma consumer
// warpgroup, a ring of four slots of two 128-byte columns; bf16, f16 and f32 multiplied
// as tf32) against the
// sequential kernel run on the CPU, on the same random inputs, at several sizes.
// EXO_GPU_SMALL=1 runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/skinny_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "skinny_gemm.exo.cpp"  // the sequential specification: cpu::skinny_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/skinny_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::skinny_gemm(..., cudaStream_t)

/// skinny_gemm tiles C by clusters of 128 x 128 (two blocks of 64 rows) and K by steps of
/// two 128-byte columns (128 bf16 / f16, 64 floats): every K below is a multiple of 128.
/// Its assumes are tma_gemm's bounds (M <= 32768, N <= 65536, K <= 65536; N <= 32768 when
/// K > 32768).
template <class T>
bool sweep(const char* name, gemm::Cpu<T> cpu, gemm::Launcher<T> gpu, cudaStream_t st) {
  bool ok = true;
  ok &= gemm::run<T>(name, cpu, gpu, st, 128, 128, 128);    // one cluster, one K step
  ok &= gemm::run<T>(name, cpu, gpu, st, 256, 256, 384);    // 2 x 2 clusters, 3 steps
  ok &= gemm::run<T>(name, cpu, gpu, st, 640, 128, 1024);   // 5 x 1 clusters, 8 steps: the ring of 4 wraps twice
  if (!gpu::small_only()) {
    ok &= gemm::run<T>(name, cpu, gpu, st, 1024, 384, 640);   // 8 x 3 clusters, 5 steps
    ok &= gemm::run<T>(name, cpu, gpu, st, 128, 1024, 8192);  // the shape it is for: few rows, a long K
    ok &= gemm::run<T>(name, cpu, gpu, st, 2048, 2048, 1024); // more clusters than the SMs hold
    ok &= gemm::run<T>(name, cpu, gpu, st, 32768, 128, 128);  // the largest M
    ok &= gemm::run<T>(name, cpu, gpu, st, 128, 65536, 128);  // the largest N
    ok &= gemm::run<T>(name, cpu, gpu, st, 128, 128, 65536);  // the largest K
  }
  ok &= gemm::rejects<T>(name, gpu, st, 64, 128, 128);          // M % 128 != 0 (half a cluster)
  ok &= gemm::rejects<T>(name, gpu, st, 128, 64, 128);          // N % 128 != 0
  ok &= gemm::rejects<T>(name, gpu, st, 128, 128, 96);          // K not a multiple of the step
  ok &= gemm::rejects<T>(name, gpu, st, 128, 128, 0);           // K == 0
  ok &= gemm::rejects<T>(name, gpu, st, 32768 + 128, 128, 128); // M > 32768
  ok &= gemm::rejects<T>(name, gpu, st, 128, 128, 65536 + 128); // K > 65536
  ok &= gemm::rejects<T>(name, gpu, st, 128, 32768 + 128, 32768 + 128);  // N > 32768 and K > 32768
  return ok;
}

int main() {
  cudaStream_t st = gpu::make_stream("skinny_gemm");
  if (!st) return 1;
  bool ok = sweep<exo::bf16>("skinny_gemm", cpu::skinny_gemm<exo::bf16>, ::skinny_gemm, st);
  ok &= sweep<exo::f16>("skinny_gemm<f16>", cpu::skinny_gemm<exo::f16>, ::skinny_gemm, st);
  ok &= sweep<float>("skinny_gemm<tf32>", cpu::skinny_gemm<float>, ::skinny_gemm, st);
  cudaStreamDestroy(st);
  return ok ? 0 : 1;
}
