// samples/persistent_gemm assuming only K % 64 == 0: a tile's K / 64 positions need not
// be a multiple of the rings' 4 slots, so the next tile's position p would not be slot
// p % 4. The fix-it text names the assumption to add.
// RUN: sed -e 's/K % (STAGES \* BK<Element>) == 0/K % BK<Element> == 0/' %samples/persistent_gemm/persistent_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:66:13: error: cannot prove that consecutive tiles of this persistent kernel can share a block: ring 'full' completes 'K / 64' positions per tile, which the assumptions do not make a positive multiple of its 4 slots (each slot must complete the same number of phases in every tile); add 'exo::assume(K / 64 > 0 && (K / 64) % 4 == 0);' or resize the ring
// CHECK: {{.*}}.tmp.exo.cpp:74:23: error: cannot prove {{.*}} ring 'empty' completes 'K / 64' positions per tile
// CHECK: 2 errors generated.
