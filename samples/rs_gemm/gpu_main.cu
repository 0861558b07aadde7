// GPU check of rs_gemm (C = A * B^T with wgmma's A from registers; bf16, f16 and f32 as
// tf32): the generated launcher against the sequential kernel run on the CPU, on the same
// random inputs, at several sizes; then sizes the launcher must refuse. EXO_GPU_SMALL=1
// runs only the small sizes (for compute-sanitizer).
// Build: nvcc -std=c++17 -I annotations/include -DEXO_GENERATED='"gen/rs_gemm.cu"' gpu_main.cu
#include <exo/sm80.hpp>  // before namespace cpu: the instructions stay exo::sm80::* / exo::sm90::*
#include <exo/sm90.hpp>

#include "../common/gemm_check.cuh"

namespace cpu {
#include "rs_gemm.exo.cpp"  // the sequential specification: cpu::rs_gemm
}
#ifndef EXO_GENERATED
#error "compile with -DEXO_GENERATED='\"path/to/rs_gemm.cu\"' (the exo-cuda output)"
#endif
#include EXO_GENERATED  // the launcher: ::rs_gemm(..., cudaStream_t)

template <class T>
bool sweep(const char* name) {
  cudaStream_t st = gpu::make_stream(name);
  if (!st) return false;
  const int bk = static_cast<int>(128 / sizeof(T));  // one K step
  bool ok = true;
  ok &= gemm::run<T>(name, cpu::rs_gemm<T>, ::rs_gemm, st, 128, 128, bk);      // one block, one k-step
  ok &= gemm::run<T>(name, cpu::rs_gemm<T>, ::rs_gemm, st, 256, 384, 6 * bk);  // 2 x 3 blocks, the ring wraps
  if (!gpu::small_only()) {
    ok &= gemm::run<T>(name, cpu::rs_gemm<T>, ::rs_gemm, st, 2048, 2048, 1024);
    ok &= gemm::run<T>(name, cpu::rs_gemm<T>, ::rs_gemm, st, 32768, 128, bk);  // the largest M
    ok &= gemm::run<T>(name, cpu::rs_gemm<T>, ::rs_gemm, st, 128, 65536, bk);  // the largest N
    ok &= gemm::run<T>(name, cpu::rs_gemm<T>, ::rs_gemm, st, 128, 128, 32768); // the largest K
  }
  ok &= gemm::rejects<T>(name, ::rs_gemm, st, 128, 128, bk / 2);  // K not a multiple of the step
  ok &= gemm::rejects<T>(name, ::rs_gemm, st, 64, 128, bk);       // M % 128 != 0
  cudaStreamDestroy(st);
  return ok;
}

int main() {
  bool ok = sweep<exo::bf16>("rs_gemm");
  ok &= sweep<exo::f16>("rs_gemm<f16>");
  ok &= sweep<float>("rs_gemm<tf32>");
  return ok ? 0 : 1;
}
