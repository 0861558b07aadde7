// The asynchronous TMA epilogue (docs/hopper.md, "As built (TMA stores)"): a warpgroup
// stages its 64 x 128 accumulator in 32-column slices through two shared tiles
// (wgmma_stage), one thread stores each tile with TMA (tma_store) and commits the bulk
// group; before a tile is written again that thread waits until TMA has read it
// (bulk_wait_read<1>: the store issued from the other tile may still read) and the
// warpgroup meets. Nothing waits for C's writes: the kernel's exit drains the queue.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// RUN: %exo-cuda %s -o %t.cu && FileCheck %s < %t.cu
// CHECK: #pragma unroll
// CHECK-NEXT: #line
// CHECK-NEXT: for (int q = 0; q < 4; ++q) {
// CHECK: exo::sm90::gpu::bulk_wait_read<1>();
// CHECK: exo::sm90::gpu::wgmma_stage<float, 128, 32>(Cs[q % 2], acc, 32 * q);
// CHECK: exo::sm90::gpu::tma_store<float, 64, 32>(&exo_tmap_C_64x32_plain, 128, 0, 32 * q, Cs[q % 2]);
// CHECK-NEXT: #line
// CHECK-NEXT: exo::sm90::gpu::bulk_commit();
// CHECK: exo::sm90::gpu::bulk_wait<0>();  // TMA stores still in flight complete before the block leaves
// CHECK-NOT: fence_proxy_async
// CHECK: make_tensor_map_2d(&exo_tmap_C_64x32_plain, C,
//
// The tile is written again before the store two slices back has read it:
// RUN: sed -e 's/bulk_wait_read<1>/bulk_wait_read<2>/' %s > %t.late.exo.cpp
// RUN: not %exo-cuda --check-only %t.late.exo.cpp 2>&1 | FileCheck %s --check-prefix=LATE
// LATE: error: 'Cs[q % 2][i][j]' writes Cs[0][0][0] while the asynchronous 'exo::sm90::tma_store' may still be reading it; move the access after an await of queue 'bulk' that completes it, or await earlier
// LATE: note: the asynchronous 'exo::sm90::tma_store' issued here (by thread (0, 0))
// LATE: note: for example with the first access at q = 0, i = 0, j = 0, the second access at q = 2, i = 0, j = 0
//
// The warpgroup does not wait for the thread that waited:
// RUN: sed -e '/the waiting thread tells the others/d' %s > %t.nosync.exo.cpp
// RUN: not %exo-cuda --check-only %t.nosync.exo.cpp 2>&1 | FileCheck %s --check-prefix=NOSYNC
// NOSYNC: error: data race on 'Cs'
//
// The store may read the tile before the warpgroup has written it:
// RUN: sed -e '/the tile is written/d' %s > %t.early.exo.cpp
// RUN: not %exo-cuda --check-only %t.early.exo.cpp 2>&1 | FileCheck %s --check-prefix=EARLY
// EARLY: error: data race on 'Cs'
//
// A group never committed never completes:
// RUN: sed -e '/bulk_commit/d' %s > %t.nocommit.exo.cpp
// RUN: not %exo-cuda --check-only %t.nocommit.exo.cpp 2>&1 | FileCheck %s --check-prefix=NOCOMMIT
// NOCOMMIT: error: cannot prove when the asynchronous 'exo::sm90::tma_store' issued here completes, because no commit of queue 'bulk' follows it in its statement list
//
// A store under an if, committed after it (every run of the store reaches the commit):
// RUN: sed -e 's/        exo::sm90::tma_store(C, 128, 0, 32 \* q, Cs\[q % 2\]);/        if (q != 2) exo::sm90::tma_store(C, 128, 0, 32 * q, Cs[q % 2]);/' %s > %t.if.exo.cpp
// RUN: grep -q 'if (q != 2) exo::sm90::tma_store' %t.if.exo.cpp
// RUN: %exo-cuda --check-only %t.if.exo.cpp 2>&1 | count 0
//
// A commit after the thread loop that stores would run in every thread of the warpgroup,
// not in the storing thread only: a commit is one thread's, so it is refused there:
// RUN: sed -e '/        exo::sm90::bulk_commit();/d' -e 's|^    }$|      exo::sm90::bulk_commit();\n    }|' %s > %t.outside.exo.cpp
// RUN: grep -B1 -A1 'bulk_commit' %t.outside.exo.cpp | FileCheck %s --check-prefix=OUTSIDE-SRC
// OUTSIDE-SRC: }
// OUTSIDE-SRC-NEXT: exo::sm90::bulk_commit();
// RUN: not %exo-cuda --check-only %t.outside.exo.cpp 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: error: 'exo::sm90::bulk_commit' is issued by one thread, but here it runs on 128 threads of a 'warpgroup' loop; call it directly inside an
#include <exo/sm90.hpp>

[[exo::kernel]]
void k(const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::extent(A, 64, 64);
  exo::extent(B, 128, 64);
  exo::extent(C, 64, 128);
  [[exo::shared(swizzle128)]] exo::bf16 As[64][64];
  [[exo::shared(swizzle128)]] exo::bf16 Bs[128][64];
  [[exo::shared]] float Cs[2][64][32];
  [[exo::registers]] float acc[1][64][128];
  [[exo::parallel(thread)]] for (int r = 0; r < 128; ++r)
  for (int c = 0; c < 8; ++c) {
    if (r < 64) exo::sm90::cp_async16_sw128(As, r, 8 * c, A, r * 64 + 8 * c);
    exo::sm90::cp_async16_sw128(Bs, r, 8 * c, B, r * 64 + 8 * c);
  }
  exo::sm80::cp_async_commit();
  exo::sm80::cp_async_wait<0>();
  [[exo::sync(block)]];
  [[exo::parallel(warpgroup)]] for (int g = 0; g < 1; ++g) {
    exo::sm90::wgmma_async_sw128<128, 64>(acc[g], As, 0, 0, Bs, 0, 0, false);
    exo::sm90::wgmma_wait<0>(acc[g]);
    for (int q = 0; q < 4; ++q) {
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) exo::sm90::bulk_wait_read<1>();  // tile q % 2 is read
      [[exo::sync(warpgroup)]];  // the waiting thread tells the others
      exo::sm90::wgmma_stage(Cs[q % 2], acc[g], 32 * q);
      [[exo::sync(warpgroup)]];  // the tile is written
      [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
        exo::sm90::tma_store(C, 128, 0, 32 * q, Cs[q % 2]);
        exo::sm90::bulk_commit();
      }
    }
  }
}
