// A persistent tma_gemm (every thread waits, a block barrier frees the slots) whose
// prologue copies the first AHEAD positions in a loop of its own. The positions a tile
// completes were read from the first copy's loop, the prologue's (3, refused with
// "add 'exo::assume(3 > 0 && (3) % 4 == 0);'": a review of the eighteenth session); they
// are the main loop's K / BK. With a constant count that is no multiple of the slots the
// message proposes no assume (`-DSHORT`: the main loop's positions per tile fixed at 6).
// RUN: %exo-cuda --check-only %s -- -I%exo-include 2>&1 | count 0
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DSHORT 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 256, BK = 64;
constexpr int STAGES = 4;  // ring slots
constexpr int AHEAD = 3;   // tiles copied ahead of the one multiplied
constexpr int GROUPS = 2;  // two warpgroups of 64 x 256
#ifdef SHORT
constexpr int STEPS = 6;  // positions per tile: not a multiple of the 4 slots
#endif

[[exo::kernel]]
void gemm(int M, int N, int K, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
#ifdef SHORT
  exo::assume(M % BM == 0 && N % BN == 0 && K == STEPS * BK);
#else
  exo::assume(M % BM == 0 && N % BN == 0 && K % (STAGES * BK) == 0 && K > 0);
#endif
  exo::assume(M <= 32768 && N <= 32768 && K <= 32768);
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(persistent)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(persistent)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] exo::bf16 As[STAGES][BM][BK];
    [[exo::shared(swizzle128)]] exo::bf16 Bs[STAGES][BN][BK];
    [[exo::shared]] exo::mbarrier full[STAGES];
    [[exo::registers]] float acc[GROUPS][64][BN];
    for (int p = 0; p < AHEAD; ++p) {
      if (p < K / BK) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load_sw128(As[p], A, K, bm * BM, p * BK, full, p);
          exo::sm90::tma_load_sw128(Bs[p], B, K, bn * BN, p * BK, full, p);
        }
      }
    }
#ifdef SHORT
    // SHORT: cannot prove that consecutive tiles of this persistent kernel can share a block: ring 'full' completes '6' positions per tile, which the assumptions do not make a positive multiple of its 4 slots (each slot must complete the same number of phases in every tile); resize the ring
    // SHORT-NOT: exo::assume
    for (int kt = 0; kt < STEPS; ++kt) {
#else
    for (int kt = 0; kt < K / BK; ++kt) {
#endif
      exo::sm90::mbarrier_wait(full, kt);
      [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
        exo::sm90::wgmma_async_sw128<BN, BK>(acc[g], As[kt % STAGES], 64 * g, 0, Bs[kt % STAGES], 0, 0, kt > 0);
        exo::sm90::wgmma_wait<1>(acc[g]);
      }
      [[exo::sync(block)]];
      if (kt + AHEAD < K / BK) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load_sw128(As[(kt + AHEAD) % STAGES], A, K, bm * BM, (kt + AHEAD) * BK, full, kt + AHEAD);
          exo::sm90::tma_load_sw128(Bs[(kt + AHEAD) % STAGES], B, K, bn * BN, (kt + AHEAD) * BK, full, kt + AHEAD);
        }
      }
    }
    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
      exo::sm90::wgmma_wait<0>(acc[g]);
      exo::sm90::wgmma_store(C, N, bm * BM + 64 * g, bn * BN, acc[g]);
    }
  }
}
// EMU: emulation: 1 of 1 kernels match the sequential program
