// samples/hopper_gemm whose release is under a condition on both the step and the
// warpgroup: which threads arrive at a position would depend on the position, so the
// slots' arrival count is not one number. Refused with what to do; the ring 'full' then
// has no proven release either.
// RUN: sed -e 's/if (kt > 0) exo::sm90::mbarrier_arrive(empty, kt - 1);/if (kt > 0 \&\& g > 1) exo::sm90::mbarrier_arrive(empty, kt - 1);/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:62:32: error: cannot prove that the protocol of ring 'empty' is right, because which threads arrive (noted) cannot be told: a condition around it reads both a parallel loop variable and 'kt': split it into a role condition (on the parallel loop variables only) and one on the rest
