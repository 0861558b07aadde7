// samples/cluster_gemm with its cluster loop an ordinary block loop: the cluster-wide
// statements have no cluster to reach.
// RUN: sed -e 's/block_in_cluster/block/' %samples/cluster_gemm/cluster_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:56:13: error: 'exo::sm90::tma_load_sw128_multicast' needs a thread-block cluster: call it inside a '{{\[\[}}exo::parallel(block_in_cluster)]]' loop, the innermost block loop, whose iterations are the blocks of one cluster
// CHECK: {{.*}}.tmp.exo.cpp:63:23: error: 'exo::sm90::mbarrier_arrive_cluster' needs a thread-block cluster
// CHECK: 2 errors generated.
