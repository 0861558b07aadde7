// samples/tma_gemm copying four tiles ahead into its ring of four slots: the copy of
// position kt + 4 lands in slot kt % 4 while the warpgroups still read it for step kt.
// RUN: sed -e 's/constexpr int AHEAD = 2;/constexpr int AHEAD = 4;/' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:69:9: error: 'As{{\[}}kt % 4]{{\[}}64 * g + i]{{\[}}0 + k]' reads As{{\[}}0]{{\[}}{{[0-9]+}}]{{\[}}{{[0-9]+}}], which the TMA copy of position 4 of ring 'full' writes, but this thread has not waited for that position; call 'exo::sm90::mbarrier_wait(full, position)' before the access
// CHECK: {{.*}}.tmp.exo.cpp:63:11: note: the asynchronous 'exo::sm90::tma_load_sw128' issued here (by thread ({{[0-9]+}}) of block (0, 0))
// CHECK: {{.*}}.tmp.exo.cpp:69:9: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::tma_load_sw128' here
// CHECK-NOT: error:
// CHECK: 1 error generated.
