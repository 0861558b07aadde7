// samples/hopper_gemm without the consumers' release: the producer's wait on ring
// 'empty' can never return, and nothing orders the refill of a slot after the
// consumers' reads of it.
// RUN: sed -e '/mbarrier_arrive(empty/d' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:53:31: error: this wait for position {{-?[0-9]+}} of ring 'empty' may never return: no TMA copy or arrival signals the ring
// CHECK: {{.*}}.tmp.exo.cpp:54:13: error: position 4 of ring 'full' reuses slot 0 (this copy) while a thread may not yet have waited for position 0, the slot's previous phase: no barrier or ring orders that wait before it; the wait tests the phase's parity, which cannot tell these phases apart
// CHECK: {{.*}}.tmp.exo.cpp:54:13: error: 'As{{\[}}kt % 4]{{\[}}r]{{\[}}c]' writes As{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}], which the TMA copy of position {{[0-9]+}} of ring 'full' writes, but this thread has not waited for that position; call 'exo::sm90::mbarrier_wait(full, position)' before the access
// CHECK: 6 errors generated.
