// samples/tma_gemm copying four tiles ahead into its ring of four slots: the copy of
// position kt + 4 lands in slot kt % 4 while the warpgroups' multiply of step kt may still
// read it (the barrier before the copy orders every thread's wait for position kt, but the
// multiply is complete only at step kt + 1's wgmma_wait<1>).
// RUN: sed -e 's/constexpr int AHEAD = 3;/constexpr int AHEAD = 4;/' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: grep -q 'constexpr int AHEAD = 4;' %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:68:11: error: 'As{{\[}}(kt + 4) % 4]{{\[}}r]{{\[}}c]' writes As{{\[}}0]{{\[}}0]{{\[}}0] while the asynchronous 'exo::sm90::wgmma_async_sw128' may still be reading it; move the access after an await of queue 'wgmma' that completes it, or await earlier
// CHECK: {{.*}}.tmp.exo.cpp:62:9: note: the asynchronous 'exo::sm90::wgmma_async_sw128' issued here (by thread ({{[0-9]+}}) of the issuing warpgroup of block (0, 0))
// CHECK: {{.*}}.tmp.exo.cpp:68:11: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::wgmma_async_sw128' here
// CHECK: {{.*}}.tmp.exo.cpp:69:11: error: 'Bs{{\[}}(kt + 4) % 4]{{\[}}r]{{\[}}c]' writes Bs{{\[}}0]{{\[}}0]{{\[}}0] while the asynchronous 'exo::sm90::wgmma_async_sw128' may still be reading it
// CHECK-NOT: error:
// CHECK: 2 errors generated.
