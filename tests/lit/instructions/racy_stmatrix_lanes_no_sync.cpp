// A warp instruction that writes shared memory (a user's stmatrix, Inputs/
// stmatrix_instr.hpp), then the warp's lanes read the tile back with no barrier: any
// lane of the warp may have written an element a lane reads
// (ok_stmatrix_lanes_warp_sync.cpp has the warp barrier).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/sm80.hpp>

#include "Inputs/stmatrix_instr.hpp"

// out = the transpose of each 8 x 8 tile of A.
[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, exo::bf16* __restrict__ out) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 32 * n, 8);
  exo::extent(out, 32 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 in_s[32][8];
    [[exo::shared]] exo::bf16 t_s[32][8];
    [[exo::registers]] exo::bf16 x[4][8][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) exo::sm80::copy16(in_s, t, 0, A, (b * 32 + t) * 8);
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      exo::sm80::ldmatrix_x1_trans(x[w], in_s, w * 8, 0);
      my::stmatrix_x1(t_s, w * 8, 0, x[w]);
      // CHECK: racy_stmatrix_lanes_no_sync.cpp:[[@LINE+6]]:73: error: data race on 't_s': thread ({{[0-9]+}}) of the issuing warp of block (0) writes t_s[{{[0-9]+}}][{{[0-9]+}}] that thread ({{[0-9]+}}, {{[0-9]+}}) of block (0) reads with no 'exo::sync(warp)' between them
      // CHECK: racy_stmatrix_lanes_no_sync.cpp:[[@LINE-2]]:7: note: the first access (a write by thread ({{[0-9]+}}) of the issuing warp of block (0)) here
      // CHECK: stmatrix_instr.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the access in the meaning of 'my::stmatrix_x1' here
      // CHECK: racy_stmatrix_lanes_no_sync.cpp:[[@LINE+2]]:7: note: insert '{{\[\[}}exo::sync(warp)]];' here to order them
      // CHECK: 1 error generated.
      [[exo::parallel(thread)]] for (int l = 0; l < 8; ++l)
        for (int e = 0; e < 8; ++e) out[(b * 32 + w * 8 + l) * 8 + e] = t_s[w * 8 + l][e];
    }
  }
}
