// samples/tma_gemm without the block barrier after the wait: the copy of position
// kt + 2 (into the slot of position kt - 2) may start before a slow thread has waited for
// position kt - 2, so the parity of its wait could see the slot's next phase; the slot's
// old tile is also still being read.
// RUN: sed -e '/everyone has waited; slot/d' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:62:11: error: position 4 of ring 'full' reuses slot 0 (this copy) while a thread may not yet have waited for position 0, the slot's previous phase: no barrier or ring orders that wait before it; the wait tests the phase's parity, which cannot tell these phases apart
// CHECK: {{.*}}.tmp.exo.cpp:62:11: note: for example with {{.*}}
// CHECK: {{.*}}.tmp.exo.cpp:62:11: error: data race on 'As': thread ({{[0-9]+}}) of block (0, 0) writes As{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0) reads with no 'exo::sync({{warp|block}})' between them
// CHECK: {{.*}}.tmp.exo.cpp:68:9: note: the first access (a read by thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0)) here
// CHECK: {{.*}}.tmp.exo.cpp:62:11: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::tma_load_sw128' here
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::wgmma_async_sw128' here
// CHECK: {{.*}}.tmp.exo.cpp:60:7: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK: {{.*}}.tmp.exo.cpp:69:9: note: the asynchronous 'exo::sm90::wgmma_async_sw128' is complete only after this await; the access must be ordered after it
// CHECK: {{.*}}.tmp.exo.cpp:63:11: error: data race on 'Bs': thread ({{[0-9]+}}) of block (0, 0) writes Bs{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0) reads with no 'exo::sync(block)' between them
// CHECK: {{.*}}.tmp.exo.cpp:68:9: note: the first access (a read by thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0)) here
// CHECK: {{.*}}.tmp.exo.cpp:63:11: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::tma_load_sw128' here
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::wgmma_async_sw128' here
// CHECK: {{.*}}.tmp.exo.cpp:60:7: note: insert '{{\[}}{{\[}}exo::sync(block)]];' here to order them
// CHECK: {{.*}}.tmp.exo.cpp:69:9: note: the asynchronous 'exo::sm90::wgmma_async_sw128' is complete only after this await; the access must be ordered after it
// CHECK-NOT: error:
// CHECK: 3 errors generated.
