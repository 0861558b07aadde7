// samples/tma_gemm whose first positions are signalled by the A copy alone, the later
// ones by the A and B copies: a slot's arrival count cannot fit both (and the first
// B tiles are never copied: their reads see no written value).
// RUN: sed -e '/tma_load_sw128(Bs\[p\]/d' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:61:9: error: cannot prove that 'Bs{{\[}}kt % 4]{{\[}}0 + j]{{\[}}0 + k]' reads a value written before it: no write of the element earlier in its block covers every execution of the read
// CHECK: {{.*}}.tmp.exo.cpp:67:11: error: cannot prove that the protocol of ring 'full' is right, because its copies come in groups of different sizes (one group is noted): each position must be signalled by the same number of copies, the slots' arrival count
// CHECK-NOT: error:
// CHECK: 2 errors generated.
