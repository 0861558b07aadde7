// Persistent block loops: all of the grid's or none.
// RUN: sed -e 's/\[\[exo::parallel(persistent)\]\] for (int bn/[[exo::parallel(block)]] for (int bn/' %samples/persistent_gemm/persistent_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: {{.*}}.tmp.exo.cpp:53:3: error: a 'persistent' loop needs every block loop of the grid to be one: mark this loop '{{\[\[}}exo::parallel(persistent)]]' too (the tiles are the iterations of the whole nest)
// CHECK: 1 error generated.
