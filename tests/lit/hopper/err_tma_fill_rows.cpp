// samples/ragged_gemm whose A copy names M + 64 rows: TMA's zero fill starts at the
// tensor map's rows (the exo::extent's, M), so a meaning that reads further would not be
// what the hardware does. Refused at the operand.
// RUN: sed -e 's/tma_load_sw128_fill(As\[kt % STAGES\], A, M, K/tma_load_sw128_fill(As[kt % STAGES], A, M + 64, K/' %samples/ragged_gemm/ragged_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:{{[0-9]+}}:{{[0-9]+}}: error: 'exo::sm90::tma_load_sw128_fill' accesses 'A' through a TMA tensor map, which needs the rows of its exo::extent, 'M', not 'M + 64'
// CHECK-NOT: error:
// CHECK: 1 error generated.
