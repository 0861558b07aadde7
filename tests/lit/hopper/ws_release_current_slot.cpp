// samples/hopper_gemm with the consumers releasing the slot of step kt instead of kt - 1:
// after wgmma_wait<1> the multiply of step kt may still read its slot, and the producer
// refills it (position kt + 4) as soon as every consumer has arrived. Reported as a race
// between the TMA write and the asynchronous wgmma read, with the await that completes it.
// RUN: sed -e 's/if (kt > 0) exo::sm90::mbarrier_arrive(empty, kt - 1);/exo::sm90::mbarrier_arrive(empty, kt);/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:54:13: error: data race on 'As': thread (0, 0) of block (0, 0) writes As{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0) reads with no 'exo::sync(block)' between them
// CHECK: {{.*}}.tmp.exo.cpp:60:11: note: the first access (a read by thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0)) here
// CHECK: {{.*}}.tmp.exo.cpp:54:13: note: for example with {{.*}}the first access at kt = {{[0-9]+}}, the second access at kt = {{[0-9]+}}
// CHECK: {{.*}}.tmp.exo.cpp:61:11: note: the asynchronous 'exo::sm90::wgmma_async_sw128' is complete only after this await; the access must be ordered after it
// CHECK: {{.*}}.tmp.exo.cpp:55:13: error: data race on 'Bs'
// CHECK-NOT: error:
// CHECK: 2 errors generated.
