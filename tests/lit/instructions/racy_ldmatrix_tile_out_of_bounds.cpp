// An ldmatrix tile origin off by 8 rows: warp 3's 16 x 16 tile starts at row 56 of a
// 64-row shared array and reads rows 64..71 past its end. The bounds of the elements
// an instruction touches are proven like the kernel's own; the error names the
// element, the warp, and the row of the tile that leaves.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 64 * n, 16);
  exo::extent(B, 8, 16);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[64][16];
    [[exo::shared]] exo::bf16 Bs[8][16];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][8][16];
    [[exo::registers]] float acc[4][16][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      exo::sm80::copy16(As, t / 2, t % 2 * 8, A, (b * 64 + t / 2) * 16 + t % 2 * 8);
      if (t < 16) exo::sm80::copy16(Bs, t / 2, t % 2 * 8, B, t * 8);
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      // CHECK: racy_ldmatrix_tile_out_of_bounds.cpp:[[@LINE+4]]:7: error: index 'w * 16 + 8 + i' (= {{6[4-9]|7[01]}}) of 'As' out of bounds (extent 64) for thread ({{9[6-9]|1[01][0-9]|12[0-7]}}) of the issuing warp of block (0)
      // CHECK: racy_ldmatrix_tile_out_of_bounds.cpp:[[@LINE+3]]:7: note: for example with n = {{[0-9]+}}; i = {{[89]|1[0-5]}}, k = {{[0-9]+}}
      // CHECK: sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'exo::sm80::ldmatrix_x4' here
      // CHECK-NOT: error:
      exo::sm80::ldmatrix_x4(af[w], As, w * 16 + 8, 0);
      exo::sm80::ldmatrix_x2(bf[w], Bs, 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
    }
  }
}
// CHECK: 1 error generated.
