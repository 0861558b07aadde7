// A warp instruction that writes shared memory (a user's stmatrix, Inputs/
// stmatrix_instr.hpp), then the warp's lanes read the tile back. The instruction is
// issued by all 32 lanes at once and any of them may write a given element, so the
// lanes' reads need a warp barrier after it, even though only this warp touches the
// tile (racy_stmatrix_lanes_no_sync.cpp has none).
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
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
      [[exo::sync(warp)]];
      [[exo::parallel(thread)]] for (int l = 0; l < 8; ++l)
        for (int e = 0; e < 8; ++e) out[(b * 32 + w * 8 + l) * 8 + e] = t_s[w * 8 + l][e];
    }
  }
}
