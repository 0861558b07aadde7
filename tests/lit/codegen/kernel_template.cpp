// A kernel template's explicit instantiations: one CUDA kernel each, named with the
// template's arguments, and launchers that overload the template's name (the header
// declares them all); the sequential file still compiles with g++, and the generated
// CUDA with nvcc. Two instances with the same parameter types cannot be overloads.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %exo-cuda %s -o %t/k.cu --header %t/k.h -- -I%exo-include
// RUN: FileCheck %s --input-file=%t/k.cu
// RUN: FileCheck %s --check-prefix=HDR --input-file=%t/k.h
// RUN: g++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I%exo-include %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DSAME 2>&1 | FileCheck %s --check-prefix=SAME
#include <exo/exo.hpp>

template <class T, int W>
[[exo::kernel]]
void scale(int n, const T* __restrict__ x, float* __restrict__ y) {
  exo::assume(n <= 65536);
  exo::extent(x, n * W);
  exo::extent(y, n * W);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < W; ++t) y[b * W + t] = 2.f * float(x[b * W + t]);
}
template void scale<exo::bf16, 64>(int, const exo::bf16*, float*);
template void scale<float, 32>(int, const float*, float*);
#if defined(SAME)
template void scale<float, 128>(int, const float*, float*);
#endif

// CHECK: // scale<exo::bf16, 64>: one block per (b) of 64 threads
// CHECK: __global__ void __launch_bounds__(64) scale_kernel_bf16_64(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y) {
// CHECK: cudaError_t scale(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0) {
// CHECK: scale_kernel_bf16_64<<<
// CHECK: // scale<float, 32>: one block per (b) of 32 threads
// CHECK: __global__ void __launch_bounds__(32) scale_kernel_f32_32(int n, const float* __restrict__ x, float* __restrict__ y) {
// CHECK: cudaError_t scale(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0) {
// HDR: #include <cuda_bf16.h>
// HDR: cudaError_t scale(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0);
// HDR-NEXT: cudaError_t scale(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0);
// SAME: kernel_template.cpp:25:15: error: instances <float, 32> and <float, 128> of kernel template 'scale' take the same parameter types
