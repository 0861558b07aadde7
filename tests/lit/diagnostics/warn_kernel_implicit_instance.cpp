// A kernel template used with arguments that no explicit instantiation names: only
// explicit instantiations become kernels, so that use gets no CUDA. A warning at the use
// (with its -W flag); -Wno-exo-implicit-instance silences it, -Werror makes it an error.
// RUN: %exo-cuda --check-only %s -- -I%exo-include 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -I%exo-include -Wno-exo-implicit-instance 2>&1 | count 0
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -Werror 2>&1 | FileCheck %s --check-prefix=WERROR
#include <exo/exo.hpp>
template <class T>
[[exo::kernel]] void fill(int n, T* __restrict__ out) {
  exo::assume(n <= 65536);
  exo::extent(out, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = T(1.f);
}
template void fill<float>(int, float*);
void cpu_reference(double* out) { fill<double>(4, out); }
// CHECK: warn_kernel_implicit_instance.cpp:16:35: warning: 'fill<double>' is used here, but only explicit instantiations of a kernel template become kernels: exo-cuda generates no CUDA for it; add 'template void fill<double>(...);' to generate it [-Wexo-implicit-instance]
// CHECK: 1 warning generated.
// WERROR: error: 'fill<double>' is used here
