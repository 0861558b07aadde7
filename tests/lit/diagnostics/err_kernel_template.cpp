// A kernel template: each explicit instantiation definition is a kernel (its launcher an
// overload of the template's name). Without one there is nothing to generate; with an
// argument that is not a scalar type or an integer, no name for the CUDA kernel.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: not %exo-cuda --check-only %s -- -DSTRUCT 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: %exo-cuda --check-only %s -- -DINSTANCES 2>&1 | count 0
// An explicit specialization is a kernel of its own: the template then has one.
// RUN: %exo-cuda --check-only %s -- -DSPECIALIZED 2>&1 | count 0
// Only `extern template` declarations: nothing instantiated here, and the message says so.
// RUN: not %exo-cuda --check-only %s -- -DEXTERN 2>&1 | FileCheck %s --check-prefix=EXTERN
// A parameter pack's arguments name the kernel one by one (an empty pack adds nothing),
// and sizeof / sizeof... are constants of the instance.
// RUN: %exo-cuda %s -o %t.cu -- -DPACK && FileCheck %s --check-prefix=PACK < %t.cu
#include <exo/exo.hpp>

struct Wide {};
template <class T>
[[exo::kernel]]
void fill(int n, float* __restrict__ out, T* __restrict__ tag) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 1.f;
}
#if defined(INSTANCES)
template void fill<int>(int, float*, int*);
template void fill<float>(int, float*, float*);
#elif defined(STRUCT)
template void fill<Wide>(int, float*, Wide*);
#elif defined(EXTERN)
extern template void fill<int>(int, float*, int*);
#elif defined(SPECIALIZED)
template <>
[[exo::kernel]]
void fill<int>(int n, float* __restrict__ out, int* __restrict__ tag) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 2.f;
}
#endif
#if defined(PACK)
template <class T, int... Ns>
[[exo::kernel]]
void sized(int n, T* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = T(float(sizeof(T) + sizeof...(Ns)));
}
template void sized<float, 1, 2>(int, float*);
template void sized<exo::bf16>(int, exo::bf16*);
template void fill<int>(int, float*, int*);
#endif
// PACK: __global__ void __launch_bounds__(32) sized_kernel_f32_1_2(int n, float* __restrict__ out) {
// PACK: out[b * 32 + t] = (float)(float)(4ul + 2ul);
// PACK: __global__ void __launch_bounds__(32) sized_kernel_bf16(int n, __nv_bfloat16* __restrict__ out) {
// PACK: out[b * 32 + t] = (__nv_bfloat16)(float)(2ul + 0ul);
// EXTERN: err_kernel_template.cpp:19:6: error: kernel template 'fill' has only 'extern template' declarations, which instantiate nothing in this file (the instance is defined elsewhere); write the explicit instantiation definition ('template void fill<...>(...);', without 'extern') in the file exo-cuda reads
// CHECK: err_kernel_template.cpp:19:6: error: kernel template 'fill' has no explicit instantiation; exo generates one kernel for each explicit instantiation ('template void fill<...>(...);') whose template arguments are scalar types or integers
// CHECK-NOT: error:
// CHECK: 1 error generated.
// STRUCT: err_kernel_template.cpp:28:15: error: kernel template 'fill' is instantiated with <Wide>, an argument other than a scalar type or an integer
