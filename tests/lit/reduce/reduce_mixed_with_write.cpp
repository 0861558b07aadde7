// A plain write to an element that other blocks reduce into atomically: the reductions
// commute with each other, not with the write. Reported as a cross-block conflict,
// with a note on why the atomic reduction does not help; and, inside one block, the
// write and the reduction of another thread race.
// RUN: sed -e 's|// C += this share.s sum, by TMA$|\n        [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)\n          if (t == 0 \&\& s == 0) C[bm * BM * N + bn * BN] = 0.f;|' %samples/splitk_gemm/splitk_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: .tmp.exo.cpp:82:33: error: blocks (1, 0, 0) and (0, 0, 0) both access 'C' element C[0]; blocks cannot synchronize
// CHECK: .tmp.exo.cpp:80:9: note: the reduction by block (1, 0, 0) here
// CHECK: .tmp.exo.cpp:82:33: note: the write by block (0, 0, 0) here
// CHECK: .tmp.exo.cpp:80:9: note: 'exo::sm90::wgmma_store_add_tma' adds to 'C' atomically, which makes concurrent reductions of one element commute, but not a reduction and another access
// CHECK: .tmp.exo.cpp:82:33: error: data race on 'C': thread (2, 0) of block (0, 0, 0) writes C[0] that thread (128) of the issuing warpgroup of block (0, 0, 0) also writes
// CHECK: .tmp.exo.cpp:80:9: note: 'exo::sm90::wgmma_store_add_tma' adds to 'C' atomically
// The two consumer warpgroups' writes race with each other too (no atomic involved).
// CHECK: .tmp.exo.cpp:82:33: error: data race on 'C': thread (2, 0) of block (0, 0, 0) writes C[0] that thread (1, 0) of block (0, 0, 0) also writes
// CHECK-NOT: atomically
// CHECK: 3 errors generated.
