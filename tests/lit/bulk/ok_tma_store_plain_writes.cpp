// A tile written by plain stores, then stored by TMA: the printer fences the writers'
// generic-proxy writes into the async proxy (fence.proxy.async) before the barrier that
// orders them before the store. C is read back after bulk_wait, which completes the
// store's writes; after bulk_wait_read only its reads are complete, and reading C is an
// error.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// RUN: %exo-cuda %s -o %t.cu && FileCheck %s < %t.cu
// CHECK: tile[r][c] = X[r * 64 + c] * 2.0f;
// CHECK: exo::sm90::gpu::fence_proxy_async();  // generic writes of a tile a TMA store reads
// CHECK-NEXT: __syncthreads();
// CHECK: exo::sm90::gpu::tma_store<float, 16, 64>(&exo_tmap_C_16x64_plain, 64, 0, 0, tile);
// CHECK: exo::sm90::gpu::bulk_wait<0>();
// RUN: sed -e 's/bulk_wait<0>/bulk_wait_read<0>/' %s > %t.read.exo.cpp
// RUN: not %exo-cuda --check-only %t.read.exo.cpp 2>&1 | FileCheck %s --check-prefix=READ
// READ: error: 'C[r * 64 + c]' reads C[0] while the asynchronous 'exo::sm90::tma_store' may still be writing it; move the access after an await of queue 'bulk' that completes it, or await earlier
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(const float* __restrict__ X, float* __restrict__ C, float* __restrict__ Y) {
  exo::extent(X, 16, 64);
  exo::extent(C, 16, 64);
  exo::extent(Y, 16, 64);
  [[exo::shared]] float tile[16][64];
  [[exo::parallel(thread)]] for (int r = 0; r < 16; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 64; ++c) tile[r][c] = X[r * 64 + c] * 2.0f;
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
    exo::sm90::tma_store(C, 64, 0, 0, tile);
    exo::sm90::bulk_commit();
    exo::sm90::bulk_wait<0>();
  }
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int r = 0; r < 16; ++r)
  [[exo::parallel(thread)]] for (int c = 0; c < 64; ++c) Y[r * 64 + c] = C[r * 64 + c] + 1.0f;
}
