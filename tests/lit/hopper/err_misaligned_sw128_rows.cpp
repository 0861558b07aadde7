// A wgmma tile that starts at row 4 of a swizzled array: tiles start at groups of 8
// rows (the swizzle's period), which the instruction's exo::aligned(a[ar][0], 1024) says.
// RUN: sed -e 's/As, 0, 0, Bs, 0, 0, false/As, 0, 0, Bs, 4, 0, false/' -e 's/exo::bf16 Bs\[64\]\[64\]/exo::bf16 Bs[72][64]/' -e 's/exo::extent(B, 64, 64)/exo::extent(B, 72, 64)/' -e 's/^\(    exo::sm90::cp_async16_sw128(Bs, r, 8 \* c, B, r \* 64 + 8 \* c);\)$/\1\n    if (r < 8) exo::sm90::cp_async16_sw128(Bs, 64 + r, 8 * c, B, (64 + r) * 64 + 8 * c);/' %S/ok_wgmma_async_sw128.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:25:5: error: 'exo::sm90::wgmma_async_sw128' requires '&Bs{{\[}}4]{{\[}}0]' (byte offset 512 in 'Bs') to be 1024-byte aligned, but it may not be
// CHECK: sm90.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the requirement here
// CHECK: {{.*}}.tmp.exo.cpp:25:5: note: for example with {{.*}}
// CHECK-NOT: error:
// CHECK: 1 error generated.
