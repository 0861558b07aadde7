// samples/persistent_gemm with the producer's wait for the release of a slot's previous
// use guarded as in a one-tile kernel (if (kt >= STAGES)): one tile is proven, but the
// next tile that the block runs would refill slot 0 while the consumers may still be
// reading the previous tile's last use of it. Only the two-tile proof sees it.
// RUN: sed -e 's/exo::sm90::mbarrier_wait(empty, kt - STAGES);/if (kt >= STAGES) exo::sm90::mbarrier_wait(empty, kt - STAGES);/' %samples/persistent_gemm/persistent_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:66:13: error: position 4 of ring 'full' reuses slot 0 (this copy) while a thread may not yet have waited for position 0, the slot's previous phase: no barrier or ring orders that wait before it; the wait tests the phase's parity, which cannot tell these phases apart
// CHECK-NEXT: exo::sm90::tma_load_sw128
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}.tmp.exo.cpp:66:13: note: found in two consecutive tiles that one block runs (the kernel is persistent: a block runs several tiles when there are more than the GPU's SMs); this is the second tile, whose ring positions continue after the first's (position p of 'full' is p + K / 64, position p of 'empty' is p + K / 64)
// CHECK: note: for example with M = 256, N = 256, K = 256; the first access at kt = 0, the second access at kt = 0
