// Ring statements of a cluster ring that depend on the block's rank in the cluster: the
// blocks would issue, arrive or wait at different positions, so one block's proof would
// not stand for the others. Reported at the statement, naming what depends on the rank.
// RUN: sed -e 's/if (kt > 0) exo::sm90::mbarrier_arrive_cluster(empty, kt - 1);/if (kt > 0 \&\& c == 0) exo::sm90::mbarrier_arrive_cluster(empty, kt - 1);/' %samples/cluster_gemm/cluster_gemm.exo.cpp > %t.cond.exo.cpp
// RUN: not %exo-cuda --check-only %t.cond.exo.cpp 2>&1 | FileCheck --check-prefix=COND %s
// COND: {{.*}}.tmp.cond.exo.cpp:63:33: error: cannot prove that every block of the cluster runs this 'exo::sm90::mbarrier_arrive_cluster' on ring 'empty' alike: the condition 'kt > 0 && c == 0' around it depends on 'c', the block's rank in the cluster; a ring that a cluster-wide statement signals must be used at the same positions in every block
// COND: 1 error generated.
// RUN: sed -e 's/tma_load_sw128_multicast(Bs\[kt % STAGES\], B, K, bn \* BN,/tma_load_sw128_multicast(Bs[kt % STAGES], B, K, bm * BN,/' %samples/cluster_gemm/cluster_gemm.exo.cpp > %t.box.exo.cpp
// RUN: not %exo-cuda --check-only %t.box.exo.cpp 2>&1 | FileCheck --check-prefix=BOX %s
// BOX: {{.*}}.tmp.box.exo.cpp:56:13: error: cannot prove that every block of the cluster runs this 'exo::sm90::tma_load_sw128_multicast' on ring 'full' alike: its operand 'bm * 256' depends on 'bm', which depends on 'c', the block's rank in the cluster
// RUN: sed -e 's/exo::sm90::mbarrier_wait(full, kt);/exo::sm90::mbarrier_wait(full, kt + c - c);/' %samples/cluster_gemm/cluster_gemm.exo.cpp > %t.wait.exo.cpp
// RUN: not %exo-cuda --check-only %t.wait.exo.cpp 2>&1 | FileCheck --check-prefix=WAIT %s
// WAIT: error: cannot prove that every block of the cluster runs this 'exo::sm90::mbarrier_wait' on ring 'full' alike: its operand 'kt + c - c' depends on 'c'
// An array element written at a rank-dependent index (a review's case: the ring prover
// would refuse the memory-dependent condition too, but the rank reaches it first).
// RUN: sed -e 's/^    \[\[exo::registers\]\] float acc/    [[exo::shared]] int S[2];\n    S[0] = 0;\n    S[1] = 0;\n    S[c] = 1;\n&/' -e 's/if (kt > 0) exo::sm90::mbarrier_arrive_cluster(empty, kt - 1);/if (kt > 0 \&\& S[0] == 0) exo::sm90::mbarrier_arrive_cluster(empty, kt - 1);/' %samples/cluster_gemm/cluster_gemm.exo.cpp > %t.index.exo.cpp
// RUN: not %exo-cuda --check-only %t.index.exo.cpp 2>&1 | FileCheck --check-prefix=INDEX %s
// INDEX: error: cannot prove that every block of the cluster runs this 'exo::sm90::mbarrier_arrive_cluster' on ring 'empty' alike: the condition 'kt > 0 && S[0] == 0' around it depends on 'S', which depends on 'c', the block's rank in the cluster
