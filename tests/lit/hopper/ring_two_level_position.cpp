// A K loop split in two levels, the way a ring's slots are often written: `ko` over
// groups of STAGES steps, `ki` over the slots, each step's position `ko * STAGES + ki`
// and its slot `ki` (no remainder). A position names one (ko, ki) pair, since the inner
// term stays below the outer coefficient: the prover solves both loops from a position
// (ko = p div 4, ki = p mod 4) instead of taking `ko` from the statement it compares
// with. It once took it from there, which missed the instances of other `ko` (the
// release of position 3 at ko = 1, ki = 0): this kernel was refused with witnesses that
// were not executions, and a rule that asks every instance at a position could have
// been satisfied by none. Proven; the CPU emulation matches the sequential program.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s --check-prefix=GEN < %t.cu
// GEN: mbarrier_init(&empty[exo_i], 256);
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
// EMU: emulation: 1 of 1 kernels match the sequential program
//
// The producer waits for the release of position kt - 5 instead of kt - 4: the slot's
// previous use may still be read.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DEARLY 2>&1 | FileCheck %s --check-prefix=EARLY
// EARLY: error: position {{[0-9]+}} of ring 'full' reuses slot {{[0-9]}} (this copy) while a thread may not yet have waited for position {{[0-9]+}}, the slot's previous phase
//
// The consumers release at odd steps only: the producer's wait for an even position
// never returns.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DODD 2>&1 | FileCheck %s --check-prefix=ODD
// ODD: error: this wait for position {{[0-9]+}} of ring 'empty' may never return: some thread that arrives at the ring does not arrive at that position before it in the sequential program
//
// A coefficient of 3 over an inner loop of 4 steps: position 3 is both (ko = 0, ki = 3)
// and (ko = 1, ki = 0), so a position names no single step. Refused: the copy signals it
// twice, and the release's position does not have the form the proof solves.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DRADIX=3 2>&1 | FileCheck %s --check-prefix=RADIX
// RADIX: error: cannot prove that the protocol of ring 'empty' is right, because its ring position must be the variable of the loop it counts times a positive constant, plus, for a loop around that one, its variable times a constant that exceeds the inner term's range (`ko * 4 + ki` with ki < 4), plus an affine term in the other loop variables and the parameters (no division, remainder or other product); here the inner loop 'ki' does not have a constant start and trip count whose term stays below the coefficient of 'ko'
// RADIX: error: position 3 of ring 'full' is signalled twice by this copy
#include <exo/sm90.hpp>

using Element = exo::bf16;

constexpr int BM = 128, BN = 256, BK = 64;
constexpr int STAGES = 4;
#ifndef RADIX
#define RADIX STAGES
#endif
#ifdef EARLY
#define BACK (STAGES + 1)
#else
#define BACK STAGES
#endif

[[exo::kernel]]
void two_level(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
               float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % (STAGES * BK) == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK];
    [[exo::shared]] exo::mbarrier full[STAGES];
    [[exo::shared]] exo::mbarrier empty[STAGES];
    [[exo::registers]] float acc[3][64][BN];
    for (int ko = 0; ko < K / (STAGES * BK); ++ko)
      for (int ki = 0; ki < STAGES; ++ki) {
        [[exo::parallel(warpgroup)]] for (int g = 0; g < 3; ++g) {
          if (g == 0) {
            [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
              if (ko * STAGES + ki >= BACK) exo::sm90::mbarrier_wait(empty, ko * RADIX + ki - BACK);
              exo::sm90::tma_load_sw128(As[ki], A, K, bm * BM, (ko * STAGES + ki) * BK, full, ko * RADIX + ki);
              exo::sm90::tma_load_sw128(Bs[ki], B, K, bn * BN, (ko * STAGES + ki) * BK, full, ko * RADIX + ki);
            }
          } else {
            exo::sm90::mbarrier_wait(full, ko * RADIX + ki);
            exo::sm90::wgmma_async_sw128<BN, BK>(acc[g], As[ki], 64 * (g - 1), 0, Bs[ki], 0, 0, ko + ki > 0);
            exo::sm90::wgmma_wait<1>(acc[g]);
#ifdef ODD
            if (ki % 2 == 1)
#else
            if (ko + ki > 0)
#endif
              exo::sm90::mbarrier_arrive(empty, ko * RADIX + ki - 1);
          }
        }
      }
    [[exo::parallel(warpgroup)]] for (int g = 0; g < 3; ++g) {
      if (g != 0) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::wgmma_store(C, N, bm * BM + 64 * (g - 1), bn * BN, acc[g]);
      }
    }
  }
}
