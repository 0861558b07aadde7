// The launcher's trailing stream parameter is `stream`, or `exo_stream` when a kernel
// parameter already has that name; loop variables keep their declared type; literals
// keep their spelling (suffixes carry types); a `{ }` of the source keeps its scope.
// RUN: %exo-cuda %s | FileCheck %s
#include <exo/exo.hpp>

constexpr unsigned kScale = 3;

[[exo::kernel]]
void k(long n, int stream, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (long b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
      float v = stream;
      for (unsigned r = 0; r < 4u; ++r) v += -(-(float)(r * kScale + 0x10u));
      {
        float v2 = v;
        v = v2 * 2.f;
      }
      out[b * 32 + t] = v;
    }
}
// CHECK: const long b = (long)(exo_block);
// CHECK: const int t = exo_tid;
// CHECK: for (unsigned r = 0; r < 4u; ++r) {
// CHECK: v += -(-(float)(r * 3u + 0x10u));
// CHECK: {
// CHECK-NEXT: #line
// CHECK-NEXT: float v2 = v;
// CHECK: }
// CHECK: out[b * 32 + t] = v;
// CHECK: cudaError_t k(long n, int stream, float* __restrict__ out, cudaStream_t exo_stream = 0) {
// CHECK: k_kernel<<<(unsigned)exo_blocks, 32, 0, exo_stream>>>(n, stream, out);
