// samples/hopper_gemm with the producer waiting for position kt - 4 of 'empty' from the
// first step on: no consumer ever arrives at a negative position, so the wait at kt = 0
// never returns. The witness names the position.
// RUN: sed -e 's/if (kt >= STAGES) exo::sm90::mbarrier_wait(empty/exo::sm90::mbarrier_wait(empty/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:53:13: error: this wait for position -4 of ring 'empty' may never return: some thread that arrives at the ring does not arrive at that position before it in the sequential program
// CHECK: {{.*}}.tmp.exo.cpp:53:13: note: for example with M = 128, N = 256, K = 64; kt = 0
// CHECK-NOT: error:
// CHECK: 1 error generated.
