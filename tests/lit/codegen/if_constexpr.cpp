// `if constexpr` in a kernel (the idiom of kernel templates): the branch its constant
// condition takes is the statement, in each instance; the other branch is not generated
// (nor proven: in an instance it is not even instantiated). The CPU emulation runs each
// instance against the sequential program.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s --input-file=%t.cu
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
#include <exo/exo.hpp>

template <class T, bool ACCUMULATE>
[[exo::kernel]] void fill(int n, T* __restrict__ y) {
  exo::assume(n <= 1024);
  exo::extent(y, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      if constexpr (ACCUMULATE) {
        y[b * 32 + t] += T(1.f);
      } else {
        y[b * 32 + t] = T(2.f);
      }
    }
}
template void fill<float, true>(int, float*);
template void fill<double, false>(int, double*);

// CHECK: __global__ void __launch_bounds__(32) fill_kernel_f32_1(
// CHECK-NOT: = (float)2.f
// CHECK: y[b * 32 + t] += (float)1.f;
// CHECK: __global__ void __launch_bounds__(32) fill_kernel_f64_0(
// CHECK-NOT: +=
// CHECK: y[b * 32 + t] = (double)2.f;
// EMU: emulation: 1 of 1 kernels match the sequential program
