// Swizzled arrays whose rows are not one 128-byte row, or whose rows do not come in
// groups of 8.
// RUN: sed -e 's/^\(  \[\[exo::registers\]\] float acc\[1\]\[64\]\[64\];\)$/\1\n  [[exo::shared(swizzle128)]] exo::bf16 Xs[16][32];\n  [[exo::shared(swizzle128)]] exo::bf16 Ys[12][64];/' %S/ok_wgmma_async_sw128.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:15:31: error: 'Xs' is declared 'exo::shared(swizzle128)' but its rows are 64 bytes; a swizzled array's innermost dimension is one 128-byte row (64 16-bit or 32 32-bit elements) and its rows come in groups of 8
// CHECK: {{.*}}.tmp.exo.cpp:16:31: error: 'Ys' is declared 'exo::shared(swizzle128)' but its second-innermost extent 12 is not a multiple of 8; a swizzled array's innermost dimension is one 128-byte row (64 16-bit or 32 32-bit elements) and its rows come in groups of 8
// CHECK-NOT: error:
// CHECK: 2 errors generated.
