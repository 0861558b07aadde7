// The operand tile is overwritten (a second copy into As) while the asynchronous wgmma
// that reads it may still be running: the write must wait for wgmma_wait.
// RUN: sed -e '/wgmma_wait<0>(acc\[g\]);/,/^  }$/c\  }\n  [[exo::parallel(thread)]] for (int r = 0; r < 64; ++r)\n  [[exo::parallel(thread)]] for (int c = 0; c < 8; ++c) exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);\n  exo::sm80::cp_async_commit();\n  exo::sm80::cp_async_wait<0>();\n  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {\n    exo::sm90::wgmma_wait<0>(acc[g]);\n    exo::sm90::wgmma_store(C, 64, 0, 0, acc[g]);\n  }' %S/ok_wgmma_async_sw128.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:27:57: error: 'As{{\[}}r]{{\[}}8 * c + e]' writes As{{\[}}0]{{\[}}0] while the asynchronous 'exo::sm90::wgmma_async_sw128' may still be reading it; move the access after an await of queue 'wgmma' that completes it, or await earlier
// CHECK: {{.*}}.tmp.exo.cpp:24:5: note: the asynchronous 'exo::sm90::wgmma_async_sw128' issued here (by thread ({{[0-9]+}}) of the issuing warpgroup)
// CHECK: {{.*}}.tmp.exo.cpp:27:57: note: for example with {{.*}}
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm90::wgmma_async_sw128' here
// CHECK-NOT: error:
// CHECK: 1 error generated.
