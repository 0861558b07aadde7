// samples/hopper_gemm with the producer waiting for position kt - 4 of 'empty' from the
// first step on: positions -4 .. -1 are the phase before each slot's first, which a
// fresh ring has completed, so the unguarded wait is proven (it is how a persistent
// kernel waits for the previous tile's release). Waiting one position earlier, kt - 5,
// reaches position -5 at kt = 0: a phase that never completes. The witness names it (the
// other errors: the copies it no longer orders).
// RUN: sed -e 's/if (kt >= STAGES) exo::sm90::mbarrier_wait(empty/exo::sm90::mbarrier_wait(empty/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: %exo-cuda --check-only %t.exo.cpp
// RUN: sed -e 's/if (kt >= STAGES) exo::sm90::mbarrier_wait(empty, kt - STAGES)/exo::sm90::mbarrier_wait(empty, kt - STAGES - 1)/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t2.exo.cpp
// RUN: not %exo-cuda --check-only %t2.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp2.exo.cpp:53:13: error: this wait for position -5 of ring 'empty' may never return: it is more than the ring's 4 slots before position 0 (a wait for positions -4 .. -1 returns at once on a fresh ring; one before those never does)
// CHECK: {{.*}}.tmp2.exo.cpp:53:13: note: for example with M = 128, N = 256, K = 64; kt = 0
