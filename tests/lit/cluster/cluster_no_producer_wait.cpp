// samples/cluster_gemm whose producer does not wait for the released slots: a copy of
// position kt reuses the slot of kt - 4 before the consumers (of any block) have seen it.
// RUN: sed -e 's/if (kt >= STAGES) exo::sm90::mbarrier_wait(empty, kt - STAGES);//' %samples/cluster_gemm/cluster_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:55:13: error: position 4 of ring 'full' reuses slot 0 (this copy) while a thread may not yet have waited for position 0
// CHECK: error: data race on 'Bs': the 'exo::sm90::tma_load_sw128_multicast' of any block of the cluster writes
