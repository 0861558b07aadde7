// A guarded initialization leaves row 31 of the accumulator unset.
// RUN: sed -e 's/for (int j = 0; j < 32; ++j) acc\[i\]\[j\] = 0.f;/for (int j = 0; j < 32; ++j) if (i < 31) acc[i][j] = 0.f;/' %samples/sgemm_tiled/sgemm_tiled.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:28:{{[0-9]+}}: error: cannot prove that 'acc[i][j]' reads a value written before it
// CHECK: 1 error generated.
