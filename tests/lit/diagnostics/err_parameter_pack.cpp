// A kernel template's function parameter pack: its instance has one name for every
// parameter of the pack, and the generated CUDA declared `int xs, float xs`, which nvcc
// rejects (review of the fifteenth session). Refused, with where to write them out.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/exo.hpp>

template <class... Ts>
[[exo::kernel]]
// CHECK: err_parameter_pack.cpp:[[@LINE+1]]:37: error: a function parameter pack is not supported in an exo kernel; write the kernel's parameters out one by one
void k(float* __restrict__ y, Ts... xs) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = (0 + ... + xs);
}
template void k<int, float>(float*, int, float);
// CHECK-NOT: error:
