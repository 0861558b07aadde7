// samples/tma_gemm with an mbarrier copied into a local variable: mbarriers are only
// for the ring instructions.
// RUN: sed -e 's/^\(    \[\[exo::registers\]\] float acc.*\)$/\1\n    exo::mbarrier copy = full[0];/' %samples/tma_gemm/tma_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:46:5: error: 'copy' holds mbarriers; declare it '{{\[}}{{\[}}exo::shared]]' and use it only through ring instructions (exo::sm90::tma_load_sw128, exo::sm90::mbarrier_wait)
// CHECK-NOT: error:
// CHECK: 1 error generated.
