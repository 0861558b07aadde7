// A mixed-radix index, `(b * 32 + t % 32) * 64 + t / 32 * 8 + e`, written by every block
// beside a loop with a symbolic trip count that copies tiles into shared memory. Whether
// two blocks' rows meet is easy digit by digit and hard for the solver's simplex at
// once: before the radix split (docs/prover.md, "Mixed-radix indices") this question ran
// into the 60 s guard and ended in "cannot prove"; now it takes ~0.2M of Z3's resource
// units, and the work limit below (deterministic, unlike time) keeps it that way.
// RUN: %exo-cuda --check-only --prover-max-work=5000000 %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, exo::bf16* __restrict__ out) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 32 * n, 64);
  exo::extent(out, 32 * n, 64);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[32][64];
    for (int s = 0; s < n; ++s) {
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
        const int row = t / 8, col = t % 8 * 8;
        exo::sm80::copy16(As, row, t % 8 * 8, A, (b * 32 + row) * 64 + col);
      }
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      for (int e = 0; e < 8; ++e) out[(b * 32 + t % 32) * 64 + t / 32 * 8 + e] = As[t % 32][t / 32 * 8 + e];
  }
}
