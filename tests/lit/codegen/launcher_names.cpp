// The launcher's trailing stream parameter is `stream`, or `exo_stream` when a kernel
// parameter already has that name; loop variables keep their declared type; literals
// keep their spelling (suffixes carry types); a `{ }` of the source keeps its scope; a
// parameter named `dim3` does not hide the launch configuration's ::dim3 (review of the
// sixteenth session: nvcc rejected the launcher).
// RUN: %exo-cuda %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -std=c++17 -gencode=arch=compute_90a,code=sm_90a -c %t.cu -o %t.o %}
#include <exo/exo.hpp>

constexpr unsigned kScale = 3;

[[exo::kernel]]
void k(long n, int stream, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (long b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      float v = stream;
      for (unsigned r = 0; r < 4u; ++r) v += -(-(float)(r * kScale + 0x10u));
      {
        float v2 = v;
        v = v2 * 2.f;
      }
      out[b * 32 + t] = v;
    }
}
// CHECK: const long b = (long)(exo_block);
// CHECK: const int t = exo_tid;
// CHECK: for (unsigned r = 0; r < 4u; ++r) {
// CHECK: v += -(-(float)(r * 3u + 0x10u));
// CHECK: {
// CHECK-NEXT: #line
// CHECK-NEXT: float v2 = v;
// CHECK: }
// CHECK: out[b * 32 + t] = v;
// CHECK: cudaError_t k(long n, int stream, float* __restrict__ out, cudaStream_t exo_stream = 0) {
// CHECK: cudaLaunchConfig_t exo_config = {::dim3((unsigned)exo_blocks), ::dim3(32), 0, exo_stream, nullptr, 0};
// CHECK-NEXT: return cudaLaunchKernelEx(&exo_config, k_kernel, n, stream, out);

[[exo::kernel]] void scale(int dim3, float* __restrict__ y) {
  exo::assume(dim3 % 32 == 0 && dim3 <= 1048576);
  [[exo::parallel(block)]] for (int b = 0; b < dim3 / 32; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] *= 2.0f;
}
// CHECK: cudaError_t scale(int dim3, float* __restrict__ y, cudaStream_t stream = 0) {
// CHECK: cudaLaunchConfig_t exo_config = {::dim3((unsigned)exo_blocks), ::dim3(32), 0, stream, nullptr, 0};
