// The launcher's trailing stream parameter is `stream`, or `exo_stream` when a kernel
// parameter already has that name; loop variables keep their declared type.
// RUN: %exo-cuda %s | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(long n, int stream, float* __restrict__ out) {
  [[exo::parallel(block)]] for (long b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (unsigned t = 0; t < 32; ++t) out[b * 32 + t] = stream;
}
// CHECK: const long b = (long)(exo_block);
// CHECK: const unsigned t = exo_tid;
// CHECK: cudaError_t k(long n, int stream, float* __restrict__ out, cudaStream_t exo_stream = 0) {
// CHECK: k_kernel<<<(unsigned)exo_blocks, 32, 0, exo_stream>>>(n, stream, out);
