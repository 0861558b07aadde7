// prover/ok_stencil_halo.cpp with the classic off-by-one: the last thread stores the
// right halo at s[256], which is s[t + 1] of thread 255, and s[257], which thread 255
// reads as s[t + 2], is never written. The sequential program reads an indeterminate
// value there; refused, not accepted.
// RUN: sed -e 's|s\[257\] = b <|s[256] = b <|' %S/../prover/ok_stencil_halo.cpp > %t.exo.cpp
// RUN: grep -q 's\[256\] = b <' %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only --check-shared-reads=false %t.exo.cpp 2>&1 | count 0
// CHECK: .tmp.exo.cpp:31:65: error: cannot prove that 's[t + 2]' reads a value written before it: no write of the element earlier in its block covers every execution of the read; write every element of 's' before reading it
// CHECK-NOT: error:
// CHECK: 1 error generated.
