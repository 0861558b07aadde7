// A tile transpose through shared memory with the XOR swizzle of bank-conflict-free
// (and TMA / wgmma 128-byte) layouts: element (r, c) is stored at s[r][c ^ r]. The
// prover models '^' bit by bit where an operand is bounded (here both are loop
// variables below 32), so it proves the swizzle a bijection for every n, and the
// bounds 0 <= c ^ r < 32.
// That every read of s sees a written value is proven too: the candidate solving does not
// settle that two encodings of one XOR are equal, but the write statement comes before the
// read in the block's list and reads only its loops' variables, so the proof enumerates the
// elements it writes (all 1,024) and asks the solver whether a read can miss them.
// RUN: %exo-cuda --check-only %s
// With the last column left unwritten, the reads of its swizzled elements are refused:
// RUN: not %exo-cuda --check-only %s -- -DHOLE 2>&1 | FileCheck %s --check-prefix=HOLE
// HOLE: error: cannot prove that 's[c][r ^ c]' reads a value written before it
#include <exo/exo.hpp>

[[exo::kernel]] void transpose_swizzled(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0);
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[32][32];
    [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c)
#ifdef HOLE
      if (c < 31)
#endif
      s[r][c ^ r] = x[(b * 32 + r) * 32 + c];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c)
      y[(b * 32 + r) * 32 + c] = s[c][r ^ c];
  }
}
