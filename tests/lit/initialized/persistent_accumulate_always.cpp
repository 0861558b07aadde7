// In a persistent kernel a first step that adds would read the previous tile's sums
// on the GPU: the one-tile proof refuses it.
// RUN: sed -e 's/0, Bs\[kt % STAGES\], 0, 0, kt > 0);/0, Bs[kt % STAGES], 0, 0, kt >= 0);/' %samples/persistent_gemm/persistent_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:72:11: error: cannot prove that 'acc[g][i][j]' reads a value written before it
// CHECK: 1 error generated.
