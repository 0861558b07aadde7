// Generic stores of global memory that a TMA instruction then accesses need a proxy fence:
// the async proxy (TMA loads, stores, reductions) is not ordered with the generic one by a
// barrier alone (PTX ISA, "Async Proxy"). Here C's tile is zeroed by plain stores, then,
// after a block barrier, TMA adds a tile into it: without `fence.proxy.async.global` the
// reduction could read the old C (review of the fifteenth session: proven, printed without
// the fence). The writers fence before the barrier, the issuing thread before the TMA call.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -I%exo-include -c %t.cu -o %t.o %}
#include <exo/sm90.hpp>

[[exo::kernel]]
void red_zero(int M, const float* __restrict__ X, float* __restrict__ C) {
  exo::assume(M % 64 == 0 && M > 0 && M <= 4096);
  exo::extent(X, M, 32);
  exo::extent(C, M, 32);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / 64; ++bm) {
    [[exo::shared]] float Cs[64][32];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
      for (int j = 0; j < 32; ++j) {
        Cs[t][j] = X[(bm * 64 + t) * 32 + j];
        C[(bm * 64 + t) * 32 + j] = 0.0f;
      }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
      exo::sm90::tma_store_add(C, 32, bm * 64, 0, Cs);
      exo::sm90::bulk_commit();
    }
  }
}
// CHECK: C[(bm * 64 + t) * 32 + j] = 0.0f;
// CHECK: exo::sm90::gpu::fence_proxy_async_global();  // generic writes of global memory TMA accesses
// CHECK-NEXT: __syncthreads();
// CHECK: exo::sm90::gpu::fence_proxy_async_global();
// CHECK-NEXT: exo::sm90::gpu::tma_store_add<float, 64, 32>(
