// prover/ok_grid_stride_copy.cpp's 1-D copy stopping at 999: s[999], which thread 0
// reads as s[999 - t], is never written.
// RUN: sed -e 's|for (int e = t; e < 1000; e += 256)|for (int e = t; e < 999; e += 256)|' %S/../prover/ok_grid_stride_copy.cpp > %t.exo.cpp
// RUN: grep -q 'e < 999; e += 256' %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: .tmp.exo.cpp:21:78: error: cannot prove that 's[999 - t]' reads a value written before it: no write of the element earlier in its block covers every execution of the read
// CHECK-NOT: error:
// CHECK: 1 error generated.
