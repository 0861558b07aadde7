// The producer waits one position too early (kt - 5): position -5 at kt = 0 is a phase
// that never completes, in the first tile as in every later one.
// RUN: sed -e 's/exo::sm90::mbarrier_wait(empty, kt - STAGES);/exo::sm90::mbarrier_wait(empty, kt - STAGES - 1);/' %samples/persistent_gemm/persistent_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:65:13: error: this wait for position -5 of ring 'empty' may never return: it is more than the ring's 4 slots before position 0 (a wait for positions -4 .. -1 returns at once on a fresh ring; one before those never does)
