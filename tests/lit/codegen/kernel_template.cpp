// A kernel template's explicit instantiations: one CUDA kernel each, named with the
// template's arguments. W is named by no parameter's type, so each launcher is an
// explicit specialization of a launcher template (one per CUDA parameter list), called
// as the sequential program calls the instance: scale<float, 32> and scale<float, 128>
// differ only in W. The header declares them all; the sequential file still compiles
// with g++, the CPU emulation of the generated CUDA matches it, and the CUDA compiles
// with nvcc (kernel_template_nvcc.test). Kernels that CUDA spells alike are refused.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %exo-cuda %s -o %t/k.cu --header %t/k.h -- -I%exo-include
// RUN: FileCheck %s --input-file=%t/k.cu
// RUN: FileCheck %s --check-prefix=HDR --input-file=%t/k.h
// RUN: g++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I%exo-include %s
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DLONGS 2>&1 | FileCheck %s --check-prefix=LONGS
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DOVERLOAD 2>&1 | FileCheck %s --check-prefix=OVERLOAD
// RUN: %exo-cuda --check-only %s -- -I%exo-include -DPLAIN
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
template void scale<float, 128>(int, const float*, float*);
#if defined(LONGS)  // two C++ types, one CUDA spelling ('long')
template void scale<long, 32>(int, const long*, float*);
template void scale<long long, 32>(int, const long long*, float*);
#endif
#if defined(OVERLOAD)  // T is deduced: overloads, one of them a plain kernel's signature
template <class T>
[[exo::kernel]] void copy(int n, const T* __restrict__ x, T* __restrict__ y) {
  exo::assume(n <= 65536);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) y[b] = x[b];
}
template void copy<float>(int, const float*, float*);
[[exo::kernel]] void copy(int n, const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = x[t] + float(n);
}
#endif
#if defined(PLAIN)  // a plain kernel with an instance's parameters: the specializations are another function
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

// CHECK: // The launcher template of scale's instances, called as the sequential program calls them (scale<__nv_bfloat16, 64>(...)).
// CHECK-NEXT: template <class T, int W> cudaError_t scale(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0);
// CHECK: // scale<exo::bf16, 64>: one block per (b) of 64 threads
// CHECK: __global__ void __launch_bounds__(64) scale_kernel_bf16_64(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y) {
// CHECK: template <> cudaError_t scale<__nv_bfloat16, 64>(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y, cudaStream_t stream) {
// CHECK: return cudaLaunchKernelEx(&exo_config, scale_kernel_bf16_64, n, x, y);
// CHECK: template <class T, int W> cudaError_t scale(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0);
// CHECK: // scale<float, 32>: one block per (b) of 32 threads
// CHECK: __global__ void __launch_bounds__(32) scale_kernel_f32_32(int n, const float* __restrict__ x, float* __restrict__ y) {
// CHECK: template <> cudaError_t scale<float, 32>(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream) {
// CHECK-NOT: template <class T, int W>
// CHECK: // scale<float, 128>: one block per (b) of 128 threads
// CHECK: template <> cudaError_t scale<float, 128>(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream) {
// HDR: #include <cuda_bf16.h>
// HDR: template <class T, int W> cudaError_t scale(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0);
// HDR-NEXT: template <> cudaError_t scale<__nv_bfloat16, 64>(int n, const __nv_bfloat16* __restrict__ x, float* __restrict__ y, cudaStream_t stream);
// HDR: template <class T, int W> cudaError_t scale(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream = 0);
// HDR-NEXT: template <> cudaError_t scale<float, 32>(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream);
// HDR-NEXT: template <> cudaError_t scale<float, 128>(int n, const float* __restrict__ x, float* __restrict__ y, cudaStream_t stream);
// EMU: PASS kernel_template.cpp: scale#0: size 64 ok{{.*}} scale#1: size 64 ok{{.*}} scale#2: size 64 ok
// LONGS: kernel_template.cpp:{{[0-9]+}}:15: error: kernels 'scale<long, 32>' and 'scale<long long, 32>' would have the same CUDA kernel name or launchers of 'scale' that CUDA cannot tell apart (the same parameter types and template arguments as CUDA spells them); give one of them other types or another name
// OVERLOAD: kernel_template.cpp:{{[0-9]+}}:22: error: kernels 'copy<float>' and 'copy' would have the same CUDA kernel name or launchers of 'copy' that CUDA cannot tell apart
// RACY: kernel_template.cpp:{{[0-9]+}}:59: error: data race on 'y'
// RACY: kernel_template.cpp:{{[0-9]+}}:15: note: in the instance 'spread<double, 2>' of the kernel template, instantiated here (the other instances are checked once it is proven)
// RACY: 1 error generated.
