// char, signed char, unsigned char, short and unsigned short in kernel code: C++'s
// promotions to int and its modular narrowing conversions, proven and printed as
// written (tests/emulation runs the generated CUDA against the sequential source, bit
// for bit). A kernel template of char and one of signed char get different names.
// RUN: %exo-cuda -o %t.cu %s -- -std=c++17 -I%exo-include 2>&1 | count 0
// RUN: FileCheck %s < %t.cu
#include <exo/exo.hpp>

[[exo::kernel]]
void small_ints(int n, const unsigned char* __restrict__ bytes, short* __restrict__ out, char bias) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(bytes, n * 64);
  exo::extent(out, n * 64);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    unsigned char u = bytes[b * 64 + t];
    signed char s = (signed char)(u * 3);  // wraps modulo 256
    unsigned short w = (unsigned short)(u * 1000);
    out[b * 64 + t] = (short)(s + w + bias);
  }
}
// CHECK: __global__ void __launch_bounds__(64) small_ints_kernel(int n, const unsigned char* __restrict__ bytes, short* __restrict__ out, char bias)
// CHECK: unsigned char u = bytes[
// CHECK: signed char s = (signed char)(
// CHECK: unsigned short w = (unsigned short)(
// CHECK: cudaError_t small_ints(int n, const unsigned char* __restrict__ bytes, short* __restrict__ out, char bias, cudaStream_t stream = 0)

template <class T>
[[exo::kernel]]
void fill(int n, T* __restrict__ out) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(out, n * 32);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[b * 32 + t] = (T)(t - 16);
}
template void fill<char>(int, char*);
template void fill<signed char>(int, signed char*);
// CHECK: fill_kernel_char(int n, char* __restrict__ out)
// CHECK: fill_kernel_i8(int n, signed char* __restrict__ out)
