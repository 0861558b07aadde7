// samples/tma_gemm without the block barrier after the multiplies: the copy of position
// kt + 3 (into the slot of position kt - 1) may start before a slow thread has waited for
// position kt - 1, so the parity of its wait could see the slot's next phase; the other
// warpgroup's multiply of step kt - 1 may also still be reading the slot's old tile.
// RUN: sed -e '/both warpgroups are past step kt - 1/d' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:67:11: error: position 4 of ring 'full' reuses slot 0 (this copy) while a thread may not yet have waited for position 0, the slot's previous phase: no barrier or ring orders that wait before it; the wait tests the phase's parity, which cannot tell these phases apart
// CHECK: {{.*}}.tmp.exo.cpp:67:11: note: for example with {{.*}}
// CHECK: {{.*}}.tmp.exo.cpp:67:11: error: data race on 'As': thread ({{[0-9]+}}) of block (0, 0) writes As{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0) reads with no 'exo::sync(block)' between them
// CHECK: {{.*}}.tmp.exo.cpp:62:9: note: the first access (a read by thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0)) here
// CHECK: {{.*}}.tmp.exo.cpp:67:11: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::tma_load_sw128' here
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::wgmma_async_sw128' here
// CHECK: {{.*}}.tmp.exo.cpp:65:7: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK: {{.*}}.tmp.exo.cpp:63:9: note: the asynchronous 'exo::sm90::wgmma_async_sw128' is complete only after this await; the access must be ordered after it
// CHECK: {{.*}}.tmp.exo.cpp:68:11: error: data race on 'Bs': thread ({{[0-9]+}}) of block (0, 0) writes Bs{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0) reads with no 'exo::sync(block)' between them
// CHECK: {{.*}}.tmp.exo.cpp:62:9: note: the first access (a read by thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0)) here
// CHECK: {{.*}}.tmp.exo.cpp:68:11: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::tma_load_sw128' here
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::wgmma_async_sw128' here
// CHECK: {{.*}}.tmp.exo.cpp:65:7: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK: {{.*}}.tmp.exo.cpp:63:9: note: the asynchronous 'exo::sm90::wgmma_async_sw128' is complete only after this await; the access must be ordered after it
// CHECK-NOT: error:
// CHECK: 3 errors generated.
