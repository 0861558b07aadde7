// Swizzled arrays whose rows are not one swizzle row (128 bytes for swizzle128, 64 for
// swizzle64), whose rows do not come in groups of 8, or declared with `swizzled` (which
// names no width: it is for instruction operands).
// RUN: sed -e 's/^\(  \[\[exo::registers\]\] float acc\[1\]\[64\]\[64\];\)$/\1\n  [[exo::shared(swizzle128)]] exo::bf16 Xs[16][32];\n  [[exo::shared(swizzle128)]] exo::bf16 Ys[12][64];\n  [[exo::shared(swizzle64)]] exo::bf16 Zs[8][64];\n  [[exo::shared(swizzled)]] exo::bf16 Ws[8][32];/' %S/ok_wgmma_async_sw128.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:15:31: error: 'Xs' is declared 'exo::shared(swizzle128)' but its rows are 64 bytes; a swizzled array's innermost dimension is one swizzle row (128 bytes: 64 16-bit or 32 32-bit elements) and its rows come in groups of 8
// CHECK: {{.*}}.tmp.exo.cpp:16:31: error: 'Ys' is declared 'exo::shared(swizzle128)' but its second-innermost extent 12 is not a multiple of 8; a swizzled array's innermost dimension is one swizzle row (128 bytes: 64 16-bit or 32 32-bit elements) and its rows come in groups of 8
// CHECK: {{.*}}.tmp.exo.cpp:17:30: error: 'Zs' is declared 'exo::shared(swizzle64)' but its rows are 128 bytes; a swizzled array's innermost dimension is one swizzle row (64 bytes: 32 16-bit or 16 32-bit elements) and its rows come in groups of 8
// CHECK: {{.*}}.tmp.exo.cpp:18:29: error: 'Ws' is declared 'exo::shared(swizzled)' but 'swizzled' names no width (it is for instruction operands); a swizzled array's innermost dimension is one swizzle row (128, 64 or 32 bytes, as 'swizzle128', 'swizzle64' or 'swizzle32' says) and its rows come in groups of 8
// CHECK-NOT: error:
// CHECK: 4 errors generated.
