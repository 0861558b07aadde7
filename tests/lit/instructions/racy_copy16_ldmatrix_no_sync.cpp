// copy16 stages a tile into shared memory, then ldmatrix reads it: the chunks a warp
// reads were copied by threads of other warps, so a block barrier must come between
// (ok_copy16_ldmatrix_block_sync.cpp has it). The race points at both calls, with the
// element accesses inside the instructions' bodies as notes.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 64 * n, 32);
  exo::extent(B, 8, 32);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[64][40];
    [[exo::shared]] exo::bf16 Bs[8][40];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    // Thread t copies chunks t and t + 128 of the 64 x 32 tile (4 chunks a row).
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      for (int c = 0; c < 2; ++c) {
        const int row = (t + 128 * c) / 4, col = (t + 128 * c) % 4 * 8;
        exo::sm80::copy16(As, row, col, A, (b * 64 + row) * 32 + col);
      }
      if (t < 32) exo::sm80::copy16(Bs, t / 4, t % 4 * 8, B, t * 8);
    }
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      exo::sm80::fill_m16n8(acc[w], 0.f);
      for (int kk = 0; kk < 32; kk += 16) {
        // CHECK: racy_copy16_ldmatrix_no_sync.cpp:[[@LINE+11]]:9: error: data race on 'As': thread ({{[0-9]+}}) of block (0) writes As[{{[0-9]+}}][{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warp of block (0) reads with no 'exo::sync(block)' between them
        // CHECK: racy_copy16_ldmatrix_no_sync.cpp:[[@LINE-8]]:9: note: the first access (a write by thread ({{[0-9]+}}) of block (0)) here
        // CHECK: racy_copy16_ldmatrix_no_sync.cpp:[[@LINE+9]]:9: note: for example with n = {{[0-9]+}}; the first access at c = {{0|1}}, e = {{[0-7]}}, the second access at kk = {{0|16}}, i = {{[0-9]+}}, k = {{[0-9]+}}
        // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::ldmatrix_x4' here
        // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::copy16' here
        // CHECK: racy_copy16_ldmatrix_no_sync.cpp:[[@LINE-8]]:5: note: insert '{{\[\[}}exo::sync(block)]];' here to order them
        // CHECK: racy_copy16_ldmatrix_no_sync.cpp:[[@LINE+6]]:9: error: data race on 'Bs': thread ({{[0-9]+}}) of block (0) writes Bs[{{[0-9]+}}][{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warp of block (0) reads
        // CHECK: racy_copy16_ldmatrix_no_sync.cpp:[[@LINE-12]]:19: note: the first access (a write by thread ({{[0-9]+}}) of block (0)) here
        // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::ldmatrix_x2' here
        // CHECK: racy_copy16_ldmatrix_no_sync.cpp:[[@LINE-12]]:5: note: insert '{{\[\[}}exo::sync(block)]];' here to order them
        // CHECK: 2 errors generated.
        exo::sm80::ldmatrix_x4(af[w], As, w * 16, kk);
        exo::sm80::ldmatrix_x2(bf[w], Bs, 0, kk);
        exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      }
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
