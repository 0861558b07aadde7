// wgmma_gemm: C = A * B^T on Hopper's warpgroup tensor cores, pipelined (row-major A is
// M x K, B is N x K, C is M x N; bf16 inputs, f32 accumulation and output).
//
// One block computes a 128 x 256 tile of C with two warpgroups, each a 64 x 256 tile
// whose accumulator (a wgmma_c fragment) lives in the warpgroup's registers. K advances
// 64 at a time through a ring of four shared slots, each a tile[row][k] of 64 k (128
// bytes) per row, stored in the 128-byte swizzle (`[[exo::shared(swizzle128)]]`) that
// wgmma reads without bank conflicts.
//
// Both halves are asynchronous (docs/hopper.md):
//   - every thread copies its twelve 16-byte chunks of K tile kt + 2 with cp.async while
//     the tensor cores work on tile kt; cp_async_wait<1> at the top of step kt leaves
//     only tile kt + 1 in flight, and the block barrier after it publishes tile kt;
//   - each warpgroup issues the four m64n256k16 wgmma of step kt with wgmma_async and
//     keeps one group in flight (wgmma_wait<1>): step kt - 1's multiply completes while
//     step kt's is queued. Slot (kt + 2) % 4, which the copies of step kt overwrite, was
//     last read by step kt - 2's multiply, complete before step kt - 1 ended, and so
//     ordered before the copies by the barrier at the top of step kt.
// exo-cuda proves both protocols (checker/ProverAsync): change a wait's count, the
// ring's size or the prefetch distance and it reports the iteration that breaks.
// The copying threads are a nest (rg, kc, r): eight consecutive threads write chunk kc of
// eight rows, which the swizzle spreads over all banks, and four of them read one row's
// 64 contiguous bytes.
#include <exo/sm80.hpp>
#include <exo/sm90.hpp>

using Element = exo::bf16;  // exo::f16 works unchanged

constexpr int BM = 128, BN = 256, BK = 64;  // block tile
constexpr int KC = BK / 8;                  // 16-byte chunks of a tile row
constexpr int STAGES = 4;                   // ring slots
constexpr int AHEAD = 2;                    // tiles copied ahead of the one multiplied
constexpr int GROUPS = 2;                   // two warpgroups of 64 x 256

[[exo::kernel]]
void wgmma_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % BK == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK];
    [[exo::registers]] float acc[GROUPS][64][BN];

    // Tiles 0 .. AHEAD - 1 into slots 0 .. AHEAD - 1, one group each.
    for (int p = 0; p < AHEAD; ++p) {
      if (p < K / BK) {
        [[exo::parallel(thread)]] for (int rg = 0; rg < 4; ++rg)
        [[exo::parallel(thread)]] for (int kc = 0; kc < KC; ++kc)
        [[exo::parallel(thread)]] for (int r = 0; r < 8; ++r) {
          for (int i = 0; i < BM / 32; ++i)
            exo::sm90::cp_async16_sw128(As[p], 32 * i + 8 * rg + r, 8 * kc, A, (bm * BM + 32 * i + 8 * rg + r) * K + p * BK + kc * 8);
          for (int i = 0; i < BN / 32; ++i)
            exo::sm90::cp_async16_sw128(Bs[p], 32 * i + 8 * rg + r, 8 * kc, B, (bn * BN + 32 * i + 8 * rg + r) * K + p * BK + kc * 8);
        }
      }
      exo::sm80::cp_async_commit();
    }

    for (int kt = 0; kt < K / BK; ++kt) {
      exo::sm80::cp_async_wait<AHEAD - 1>();  // tile kt has landed (in this thread's copies)
      [[exo::sync(block)]];                   // ... and in everyone's; slot (kt + 2) % 4 is free
      if (kt + AHEAD < K / BK) {
        [[exo::parallel(thread)]] for (int rg = 0; rg < 4; ++rg)
        [[exo::parallel(thread)]] for (int kc = 0; kc < KC; ++kc)
        [[exo::parallel(thread)]] for (int r = 0; r < 8; ++r) {
          for (int i = 0; i < BM / 32; ++i)
            exo::sm90::cp_async16_sw128(As[(kt + AHEAD) % STAGES], 32 * i + 8 * rg + r, 8 * kc, A,
                                  (bm * BM + 32 * i + 8 * rg + r) * K + (kt + AHEAD) * BK + kc * 8);
          for (int i = 0; i < BN / 32; ++i)
            exo::sm90::cp_async16_sw128(Bs[(kt + AHEAD) % STAGES], 32 * i + 8 * rg + r, 8 * kc, B,
                                  (bn * BN + 32 * i + 8 * rg + r) * K + (kt + AHEAD) * BK + kc * 8);
        }
      }
      exo::sm80::cp_async_commit();  // every step commits a group (an empty one at the end)
      // Multiply out of slot kt % 4: warpgroup g takes rows 64 g .. 64 g + 63.
      [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
        // Step 0 overwrites the accumulator, later steps add to it.
        exo::sm90::wgmma_async_sw128<BN, BK>(acc[g], As[kt % STAGES], 64 * g, 0, Bs[kt % STAGES], 0, 0, kt > 0);
        exo::sm90::wgmma_wait<1>(acc[g]);  // step kt - 1's multiply is complete
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
      exo::sm90::wgmma_wait<0>(acc[g]);
      exo::sm90::wgmma_store(C, N, bm * BM + 64 * g, bn * BN, acc[g]);
    }
  }
}
