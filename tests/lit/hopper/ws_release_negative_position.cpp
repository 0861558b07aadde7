// samples/hopper_gemm releasing position kt - 1 without its guard: at kt = 0 the
// consumers would arrive at position -1, whose slot (-1 % 4 in C++) lies before the
// ring. Found by the ring cross-check (tests/unit/ProverCrossCheckTest.cpp), which the
// prover once accepted.
// RUN: sed -e 's/if (kt > 0) exo::sm90::mbarrier_arrive(empty, kt - 1);/exo::sm90::mbarrier_arrive(empty, kt - 1);/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:62:11: error: position -1 of ring 'empty' is negative: positions count from 0 (the slot is the position modulo 4); guard the statement, for example with 'if (kt > 0)'
// CHECK: {{.*}}.tmp.exo.cpp:62:11: note: for example with M = 128, N = 256, K = 64; kt = 0
// CHECK-NOT: error:
// CHECK: 1 error generated.
