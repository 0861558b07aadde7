// A tile transpose through shared memory with the XOR swizzle of bank-conflict-free
// (and TMA / wgmma 128-byte) layouts: element (r, c) is stored at s[r][c ^ r]. The
// prover models '^' bit by bit where an operand is bounded (here both are loop
// variables below 32), so it proves the swizzle a bijection for every n, and the
// bounds 0 <= c ^ r < 32.
// That every read of s sees a written value is not proven yet: the candidate write of
// s[c][r ^ c] is found, but the solver does not settle that two encodings of one XOR are
// equal (docs/prover.md, limits), so the proof is refused unless left out:
// EXO-CUDA-ARGS: --check-shared-reads=false
// RUN: %exo-cuda --check-only --check-shared-reads=false %s
// RUN: not %exo-cuda --check-only --prover-max-work=20000000 %s 2>&1 | FileCheck %s
// CHECK: error: cannot prove that 's[c][r ^ c]' reads a value written before it
#include <exo/exo.hpp>

[[exo::kernel]] void transpose_swizzled(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0);
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float s[32][32];
    [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c)
      s[r][c ^ r] = x[(b * 32 + r) * 32 + c];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int r = 0; r < 32; ++r)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c)
      y[(b * 32 + r) * 32 + c] = s[c][r ^ c];
  }
}
