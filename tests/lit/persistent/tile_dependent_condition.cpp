// A condition on the tile around a ring wait (always true here, but the rule is about
// which statements may depend on the tile, not about values).
// RUN: sed -e 's/exo::sm90::mbarrier_wait(full, kt);/if (bm >= 0) exo::sm90::mbarrier_wait(full, kt);/' %samples/persistent_gemm/persistent_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:70:15: error: cannot prove that consecutive tiles of this persistent kernel can share a block: the condition 'bm >= 0' around a statement that uses shared memory, a ring or a barrier depends on the tile ('bm'): every tile must use shared memory, rings and barriers alike (the tile coordinates may only pick global memory)
// CHECK: 1 error generated.
