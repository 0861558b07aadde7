// samples/cluster2d_gemm releasing its slots with mbarrier_arrive (this block's ring
// only) instead of mbarrier_arrive_cluster: the blocks of this block's cluster row
// multicast into its A tile and those of its cluster column into its B tile, each after
// a wait on its own 'empty' ring, which this block's consumers never reach. Both tiles
// race with the wgmma that reads them.
// RUN: sed -e 's/mbarrier_arrive_cluster(empty/mbarrier_arrive(empty/' %samples/cluster2d_gemm/cluster2d_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:59:13: note: 'exo::sm90::tma_load_sw128_multicast' runs in every block of the cluster and writes this block's tile from the other blocks too
// CHECK: {{.*}}.tmp.exo.cpp:59:13: error: data race on 'As': the 'exo::sm90::tma_load_sw128_multicast' of any block of the cluster writes As{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] of this block's tile
// CHECK: {{.*}}.tmp.exo.cpp:65:11: note: the access of this block (a read by thread
// CHECK: {{.*}}.tmp.exo.cpp:60:13: error: data race on 'Bs': the 'exo::sm90::tma_load_sw128_multicast' of any block of the cluster writes Bs{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] of this block's tile
// CHECK: 5 errors generated.
