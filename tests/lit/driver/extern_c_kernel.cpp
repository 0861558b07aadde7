// Kernels inside namespaces and extern "C" blocks are found; a kernel in a namespace
// gets its launcher in that namespace (lib::ns_kernel), as the CPU build has it.
// RUN: %exo-cuda %s | FileCheck %s
#include <exo/exo.hpp>

extern "C" {
[[exo::kernel]] void c_kernel(float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = 1.f;
}
}
namespace lib {
[[exo::kernel]] void ns_kernel(float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = 2.f;
}
}
// CHECK: cudaError_t c_kernel(float* __restrict__ y, cudaStream_t stream = 0) {
// CHECK: namespace lib {
// CHECK: __global__ void __launch_bounds__(32) ns_kernel_kernel(
// CHECK: cudaError_t ns_kernel(float* __restrict__ y, cudaStream_t stream = 0) {
// CHECK: }  // namespace lib
