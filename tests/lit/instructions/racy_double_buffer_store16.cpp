// Double buffering gone wrong: the next K tile is stored (store16) into buffer kt % 2,
// the one the warps have just read with ldmatrix in the same step, with no barrier
// between the reads and the stores (ok_double_buffer_store16.cpp stores into the
// other buffer, which the barrier at the end of the previous step has freed).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, int K, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024 && K % 32 == 0 && K > 0 && K <= 4096);
  exo::extent(A, 64 * n, K);
  exo::extent(B, 8, K);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[2][64][40];
    [[exo::shared]] exo::bf16 Bs[8][40];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    [[exo::registers]] exo::bf16 stage[128][2][8];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) exo::sm80::fill_m16n8(acc[w], 0.f);
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
      for (int c = 0; c < 2; ++c) {
        const int row = (t + 128 * c) / 4, col = (t + 128 * c) % 4 * 8;
        exo::sm80::copy16(As[0], row, col, A, (b * 64 + row) * K + col);
      }
    // (The barrier after Bs's copy in the loop also orders this copy before the reads.)
    for (int kt = 0; kt < K / 32; ++kt) {
      // B's tile for this step (one buffer: read after the barrier below, rewritten
      // after the next one).
      [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
        exo::sm80::copy16(Bs, t / 4, t % 4 * 8, B, t / 4 * K + kt * 32 + t % 4 * 8);
      if (kt + 1 < K / 32) {
        [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
          for (int c = 0; c < 2; ++c) {
            const int row = (t + 128 * c) / 4, col = (t + 128 * c) % 4 * 8;
            exo::sm80::load16(stage[t][c], A, (b * 64 + row) * K + (kt + 1) * 32 + col);
          }
      }
      [[exo::sync(block)]];
      [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w)
        for (int kk = 0; kk < 32; kk += 16) {
          exo::sm80::ldmatrix_x4(af[w], As[kt % 2], w * 16, kk);
          exo::sm80::ldmatrix_x2(bf[w], Bs, 0, kk);
          exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
        }
      if (kt + 1 < K / 32) {
        [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
          for (int c = 0; c < 2; ++c) {
            const int row = (t + 128 * c) / 4, col = (t + 128 * c) % 4 * 8;
            // CHECK: racy_double_buffer_store16.cpp:43:11: error: cannot prove that 'As[kt % 2][w * 16 + i][kk + k]' reads a value written before it
            // CHECK: racy_double_buffer_store16.cpp:[[@LINE+4]]:13: error: data race on 'As': thread ({{[0-9]+}}) of block (0) writes As[0][{{[0-9]+}}][{{[0-9]+}}] that thread ({{[0-9]+}}) of the issuing warp of block (0) reads
            // CHECK: racy_double_buffer_store16.cpp:[[@LINE-10]]:11: note: the first access (a read by thread ({{[0-9]+}}) of the issuing warp of block (0)) here
            // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::store16' here
            // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::ldmatrix_x4' here
            exo::sm80::store16(As[kt % 2], row, col, stage[t][c]);
          }
      }
      [[exo::sync(block)]];
    }
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
  }
}
// CHECK-NOT: error:
// CHECK: 2 errors generated.
