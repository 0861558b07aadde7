// splitk_gemm with a plain (TMA) store instead of the reduction: the SPLITS blocks of a tile
// write the same elements, which no atomic makes commute.
// RUN: sed -e 's/wgmma_store_add_tma(C, N/wgmma_store_tma(C, N/' %samples/splitk_gemm/splitk_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: .tmp.exo.cpp:80:9: error: blocks {{.*}} both write 'C' element C[{{[0-9]+}}]; blocks cannot synchronize, so each element of global memory may be written by one block only
// CHECK-NOT: adds to 'C' atomically
// CHECK: 1 error generated.
