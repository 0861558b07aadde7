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
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DLONGS 2>&1 | FileCheck %s --check-prefix=LONGS
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DPLAIN 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DRACY 2>&1 | FileCheck %s --check-prefix=RACY
// A template declared before its definition has its instances once.
// RUN: %exo-cuda --check-only %s -- -I%exo-include -DFORWARD
#include <exo/exo.hpp>

#if defined(FORWARD)
template <class T, int W>
[[exo::kernel]]
void scale(int n, const T* __restrict__ x, float* __restrict__ y);
#endif
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
#if defined(LONGS)  // two C++ types, one CUDA spelling ('long')
template void scale<long, 32>(int, const long*, float*);
template void scale<long long, 32>(int, const long long*, float*);
#endif
#if defined(PLAIN)  // a plain kernel with an instance's signature
[[exo::kernel]] void scale(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n <= 65536);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[b] = x[b];
}
#endif
#if defined(RACY)  // spread<float, 1> is proven; in spread<double, 2> both threads write y[2 b]
template <class T, int W>
[[exo::kernel]] void spread(int n, T* __restrict__ y) {
  exo::assume(n <= 65536);
  exo::extent(y, n * 2);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 2; ++t) y[b * 2 + t / W] = T(1.f);
}
template void spread<float, 1>(int, float*);
template void spread<double, 2>(int, double*);
#endif

// CHECK: // scale<exo::bf16, 64>: one block per (b) of 64 threads
// CHECK: __global__ void __launch_bounds__(64) scale_kernel_bf16_64(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y) {
// CHECK: cudaError_t scale(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0) {
// CHECK: return cudaLaunchKernelEx(&exo_config, scale_kernel_bf16_64, n, x, y);
// CHECK: // scale<float, 32>: one block per (b) of 32 threads
// CHECK: __global__ void __launch_bounds__(32) scale_kernel_f32_32(int n, const float* __restrict__ x, float* __restrict__ y) {
// CHECK: cudaError_t scale(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0) {
// HDR: #include <cuda_bf16.h>
// HDR: cudaError_t scale(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0);
// HDR-NEXT: cudaError_t scale(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0);
// SAME: kernel_template.cpp:35:15: error: kernels 'scale<float, 32>' and 'scale<float, 128>' would have the same CUDA kernel name or launchers with the same CUDA parameter types, which one program cannot hold as overloads of 'scale'
// LONGS: kernel_template.cpp:39:15: error: kernels 'scale<long, 32>' and 'scale<long long, 32>' would have the same CUDA kernel name or launchers with the same CUDA parameter types
// PLAIN: kernel_template.cpp:42:22: error: kernels 'scale<float, 32>' and 'scale' would have the same CUDA kernel name or launchers with the same CUDA parameter types
// RACY: kernel_template.cpp:56:59: error: data race on 'y'
// RACY: kernel_template.cpp:59:15: note: in the instance 'spread<double, 2>' of the kernel template, instantiated here (the other instances are checked once it is proven)
// RACY: 1 error generated.
