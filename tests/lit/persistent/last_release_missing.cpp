// samples/persistent_gemm without the consumers' release of the last slot after their
// final wgmma_wait: position K / 64 - 1 of 'empty' is never signalled in a tile, so the
// slot completes one phase fewer than the next tile's positions count on.
// RUN: sed -e '/the last slot: the next tile may refill it/d' %samples/persistent_gemm/persistent_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:74:23: error: cannot prove that consecutive tiles of this persistent kernel can share a block: some position 0 .. 'K / 64' - 1 of ring 'empty' may not be signalled in a tile, so a slot would complete fewer phases than the next tile's positions count on; signal every position of the ring in each tile (a consumer releases its last slot too)
// CHECK-NOT: error:
// CHECK: 1 error generated.
