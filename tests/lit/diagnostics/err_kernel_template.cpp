// A kernel template: each explicit instantiation definition is a kernel (its launcher an
// overload of the template's name). Without one there is nothing to generate; with an
// argument that is not a scalar type or an integer, no name for the CUDA kernel.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: not %exo-cuda --check-only %s -- -DSTRUCT 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: %exo-cuda --check-only %s -- -DINSTANCES 2>&1 | count 0
// An explicit specialization is a kernel of its own: the template then has one.
// RUN: %exo-cuda --check-only %s -- -DSPECIALIZED 2>&1 | count 0
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
#elif defined(SPECIALIZED)
template <>
[[exo::kernel]]
void fill<int>(int n, float* __restrict__ out, int* __restrict__ tag) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = 2.f;
}
#endif
// CHECK: err_kernel_template.cpp:14:6: error: kernel template 'fill' has no explicit instantiation; exo generates one kernel for each explicit instantiation ('template void fill<...>(...);') whose template arguments are scalar types or integers
// CHECK-NOT: error:
// CHECK: 1 error generated.
// STRUCT: err_kernel_template.cpp:23:15: error: kernel template 'fill' is instantiated with <Wide>, an argument other than a scalar type or an integer
