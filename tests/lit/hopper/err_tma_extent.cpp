// samples/tma_gemm with a TMA copy whose row pitch is not the tensor's exo::extent: the
// tensor map is built from the extent, so the copy would read other elements than its
// meaning says.
// RUN: sed -e 's/tma_load_sw128(As\[p\], A, K,/tma_load_sw128(As[p], A, K \/ 2,/' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:52:47: error: 'exo::sm90::tma_load_sw128' accesses 'A' through a TMA tensor map, which needs the row pitch of its exo::extent, 'K', not 'K / 2'
// CHECK-NOT: error:
// CHECK: 1 error generated.
