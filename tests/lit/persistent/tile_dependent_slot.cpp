// samples/persistent_gemm with the A tile's slot depending on the tile row: tiles would
// use the ring differently, which the two-tile proof cannot cover for all of them.
// RUN: sed -e 's/As\[kt % STAGES\], A, K, bm \* BM/As[(kt + bm) % STAGES], A, K, bm * BM/' %samples/persistent_gemm/persistent_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:66:39: error: cannot prove that consecutive tiles of this persistent kernel can share a block: the shared memory index in 'As[(kt + bm) % 4]' depends on the tile ('bm'): every tile must use shared memory, rings and barriers alike (the tile coordinates may only pick global memory)
// CHECK: 1 error generated.
