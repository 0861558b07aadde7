// prover/ok_transpose_strided_rows.cpp reading tile[j][i + r + 1]: at i + r = 31 that is
// column 32, the padding column no thread writes (inside the array, so no bounds error).
// RUN: sed -e 's|= tile\[j\]\[i + r\];|= tile[j][i + r + 1];|' %S/../prover/ok_transpose_strided_rows.cpp > %t.exo.cpp
// RUN: grep -q 'tile\[j\]\[i + r + 1\]' %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: .tmp.exo.cpp:28:59: error: cannot prove that 'tile[j][i + r + 1]' reads a value written before it: no write of the element earlier in its block covers every execution of the read
// CHECK-NOT: error:
// CHECK: 1 error generated.
