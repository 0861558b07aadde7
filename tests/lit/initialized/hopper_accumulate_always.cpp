// The first wgmma step must overwrite the accumulator: with `accumulate` true at step
// 0 it adds to registers nothing wrote (a false accept before the check existed).
// RUN: sed -e 's/0, Bs\[kt % STAGES\], 0, 0, kt > 0);/0, Bs[kt % STAGES], 0, 0, true);/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:60:11: error: cannot prove that 'acc[g][i][j]' reads a value written before it: no write of the element earlier in its thread covers every execution of the read; write every element of 'acc' before reading it
// CHECK: note: 'acc' declared here
// CHECK: 1 error generated.
