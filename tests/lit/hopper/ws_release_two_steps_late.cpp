// samples/hopper_gemm releasing each slot two steps after its multiply (position kt - 2
// at step kt) is still right: the producer refills slot kt % 4 only after every consumer
// has released position kt - 4. The ring edge that orders the release before the refill
// is found from the producer's wait (the position it names), not only from the step of
// the access. Proven.
// RUN: sed -e 's/if (kt > 0) exo::sm90::mbarrier_arrive(empty, kt - 1);/if (kt > 1) exo::sm90::mbarrier_arrive(empty, kt - 2);/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: %exo-cuda --check-only %t.exo.cpp
// Four steps late is a deadlock with a ring of four: at step kt the producer waits for
// position kt - 4, which the consumers release only later in step kt.
// RUN: sed -e 's/if (kt > 0) exo::sm90::mbarrier_arrive(empty, kt - 1);/if (kt > 3) exo::sm90::mbarrier_arrive(empty, kt - 4);/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.late.exo.cpp
// RUN: not %exo-cuda --check-only %t.late.exo.cpp 2>&1 | FileCheck %s
// CHECK: error: this wait for position {{[0-9]+}} of ring 'empty' may never return: some thread that arrives at the ring does not arrive at that position before it in the sequential program
