// Only the first n-tile of each accumulator row is filled: the others are read by the
// first mma.sync before anything wrote them.
// RUN: sed -e 's/fill_m16n8(acc\[w\]\[mt\]\[nt\], 0.f)/fill_m16n8(acc[w][mt][0], 0.f)/' %samples/mma_gemm/mma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:70:{{[0-9]+}}: error: cannot prove that 'acc[w][mt][nt][i][j]' reads a value written before it
// CHECK: 1 error generated.
