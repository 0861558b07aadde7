// samples/tma_gemm waiting for position kt + 1 instead of kt: at the last step that
// position is never signalled (the GPU would hang), and the waits skip phases.
// RUN: sed -e 's/mbarrier_wait(full, kt);/mbarrier_wait(full, kt + 1);/' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:52:11: error: no thread waits for position 0 of ring 'full', which this TMA copy signals: the copy may still be writing when the kernel ends; wait for every position a copy signals
// CHECK: {{.*}}.tmp.exo.cpp:59:7: error: this wait for position {{[0-9]+}} of ring 'full' may never return: no TMA copy signals that position before it in the sequential program
// CHECK: {{.*}}.tmp.exo.cpp:59:7: note: for example with {{.*}}
// CHECK: {{.*}}.tmp.exo.cpp:59:7: error: position 4 of ring 'full' reuses slot 0 without this thread having waited for the slot's previous phase; the wait tests the phase's parity, which cannot tell these phases apart
// CHECK: {{.*}}.tmp.exo.cpp:59:7: note: for example with {{.*}}
// CHECK: {{.*}}.tmp.exo.cpp:62:9: error: 'As{{\[}}kt % 4]{{\[}}64 * g + i]{{\[}}0 + k]' reads As{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}], which the TMA copy of position 0 of ring 'full' writes, but this thread has not waited for that position; call 'exo::sm90::mbarrier_wait(full, position)' before the access
// CHECK: {{.*}}.tmp.exo.cpp:52:11: note: the asynchronous 'exo::sm90::tma_load_sw128' issued here (by thread ({{[0-9]+}}) of block (0, 0))
// CHECK: {{.*}}.tmp.exo.cpp:62:9: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::tma_load_sw128' here
// CHECK: {{.*}}.tmp.exo.cpp:68:11: error: 'As{{\[}}(kt + 3) % 4]{{\[}}r]{{\[}}c]' writes As{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}], which the TMA copy of position 0 of ring 'full' writes, but this thread has not waited for that position; call 'exo::sm90::mbarrier_wait(full, position)' before the access
// CHECK: {{.*}}.tmp.exo.cpp:52:11: note: the asynchronous 'exo::sm90::tma_load_sw128' issued here (by thread ({{[0-9]+}}) of block (0, 0))
// CHECK: {{.*}}.tmp.exo.cpp:68:11: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::tma_load_sw128' here
// CHECK: {{.*}}.tmp.exo.cpp:69:11: error: 'Bs{{\[}}(kt + 3) % 4]{{\[}}r]{{\[}}c]' writes Bs{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}], which the TMA copy of position 0 of ring 'full' writes, but this thread has not waited for that position; call 'exo::sm90::mbarrier_wait(full, position)' before the access
// CHECK: {{.*}}.tmp.exo.cpp:53:11: note: the asynchronous 'exo::sm90::tma_load_sw128' issued here (by thread ({{[0-9]+}}) of block (0, 0))
// CHECK: {{.*}}.tmp.exo.cpp:69:11: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::tma_load_sw128' here
// CHECK-NOT: error:
// CHECK: 6 errors generated.
