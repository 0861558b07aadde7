// The accumulator is stored before the wait: the asynchronous wgmma may still be
// writing it (even though the same warpgroup issued it).
// RUN: sed -e '/wgmma_wait<0>(acc\[g\]);/{h;d}' -e '/wgmma_store(C, 64, 0, 0, acc\[g\]);/G' %S/ok_wgmma_async_sw128.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:25:5: error: 'acc{{\[}}g]{{\[}}i]{{\[}}j]' reads acc{{\[}}0]{{\[}}0]{{\[}}0] while the asynchronous 'exo::sm90::wgmma_async_sw128' may still be writing it; move the access after an await of queue 'wgmma' that completes it, or await earlier
// CHECK: {{.*}}.tmp.exo.cpp:24:5: note: the asynchronous 'exo::sm90::wgmma_async_sw128' issued here (by thread ({{[0-9]+}}) of the issuing warpgroup)
// CHECK: {{.*}}.tmp.exo.cpp:25:5: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::wgmma_async_sw128' here
// CHECK-NOT: error:
// CHECK: 1 error generated.
