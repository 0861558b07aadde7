// samples/cluster_gemm releasing its slots with mbarrier_arrive (this block's ring only)
// instead of mbarrier_arrive_cluster: the other block's producer, which multicasts its
// half of B into this block's tile, waits on its own 'empty' ring, which this block's
// consumers never reach; the copy of position kt + 4 may overwrite the tile while they
// still read position kt. Reported at the multicast (as R1: the tile's next copy is not
// ordered after this block's wait, and as a race with the wgmma read), with no barrier
// fix-it ('exo::sync' appears nowhere): a barrier orders one block's threads only.
// RUN: sed -e 's/mbarrier_arrive_cluster(empty/mbarrier_arrive(empty/' %samples/cluster_gemm/cluster_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:56:13: error: 'Bs[kt % 4][r][c]' writes Bs{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}], which the TMA copy of position 0 of ring 'full' writes, but this thread has not waited for that position
// CHECK: {{.*}}.tmp.exo.cpp:56:13: note: 'exo::sm90::tma_load_sw128_multicast' runs in every block of the cluster and writes this block's tile from the other blocks too
// CHECK: {{.*}}.tmp.exo.cpp:56:13: error: data race on 'Bs': the 'exo::sm90::tma_load_sw128_multicast' of any block of the cluster writes Bs{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] of this block's tile (the copy issued here by thread (0, 0) of block ({{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}), or by the same thread of another block), while thread ({{[0-9]+}}) of the issuing warpgroup of block ({{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}) reads it, and no cluster-wide release orders them
// CHECK: {{.*}}.tmp.exo.cpp:61:11: note: the access of this block (a read by thread
// CHECK-NOT: exo::sync
