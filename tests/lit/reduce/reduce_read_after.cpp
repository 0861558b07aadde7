// A block reads back an element after adding to it: another block's reduction of the
// same element may land after the read (the read is not a reduction).
// RUN: sed -e 's|// C += this share.s sum, by TMA$|\n        [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)\n          const float back = C[bm * BM * N + bn * BN + t];|' %samples/splitk_gemm/splitk_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: error: blocks {{.*}} both access 'C' element C[0]
// CHECK: note: 'exo::sm90::wgmma_store_add_tma' adds to 'C' atomically
