// swizzle_gemm: tma_gemm (samples/tma_gemm: C = A * B^T, a TMA ring of four slots feeding
// asynchronous wgmma, the epilogue through TMA) with narrower swizzled tiles: the shared
// arrays are declared `[[exo::shared(swizzle64)]]` (K steps of one 64-byte row: 32 bf16
// or 16 floats) or `[[exo::shared(swizzle32)]]` (32-byte rows: 16 bf16 or 8 floats), and
// the swizzle-generic instructions take them: `tma_load` (the tensor map gets the
// declaration's swizzle) and `wgmma_async_swizzled` (the descriptors' layout type and
// stride between 8-row groups follow the row width). Narrow swizzles suit short K tiles
// (a 32-wide K per stage); they are here to check the 64- and 32-byte layouts end to
// end on the GPU, not to be faster than the 128-byte one.
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 256;  // block tile
// K steps: one swizzled row of 64 or 32 bytes.
template <class Element>
constexpr int BK64 = 64 / static_cast<int>(sizeof(Element));
template <class Element>
constexpr int BK32 = 32 / static_cast<int>(sizeof(Element));
constexpr int STAGES = 4;  // ring slots
constexpr int AHEAD = 2;   // tiles copied ahead of the one multiplied
constexpr int GROUPS = 2;  // two warpgroups of 64 x 256

template <class Element>  // exo::bf16 or float (tf32): the instances at the end
[[exo::kernel]]
void swizzle64_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                 float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % BK64<Element> == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle64)]] Element As[STAGES][BM][BK64<Element>];
    [[exo::shared(swizzle64)]] Element Bs[STAGES][BN][BK64<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];
    [[exo::registers]] float acc[GROUPS][64][BN];
    [[exo::shared]] float Cs[GROUPS][64][64];  // each warpgroup stages its slices of C here

    // Positions 0 .. AHEAD - 1: the first tiles.
    for (int p = 0; p < AHEAD; ++p) {
      if (p < K / BK64<Element>) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load(As[p], A, K, bm * BM, p * BK64<Element>, full, p);
          exo::sm90::tma_load(Bs[p], B, K, bn * BN, p * BK64<Element>, full, p);
        }
      }
    }

    for (int kt = 0; kt < K / BK64<Element>; ++kt) {
      exo::sm90::mbarrier_wait(full, kt);  // tile kt has landed in slot kt % 4
      [[exo::sync(block)]];                // everyone has waited; slot (kt + 2) % 4 is free
      if (kt + AHEAD < K / BK64<Element>) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load(As[(kt + AHEAD) % STAGES], A, K, bm * BM, (kt + AHEAD) * BK64<Element>, full, kt + AHEAD);
          exo::sm90::tma_load(Bs[(kt + AHEAD) % STAGES], B, K, bn * BN, (kt + AHEAD) * BK64<Element>, full, kt + AHEAD);
        }
      }
      [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
        // Step 0 overwrites the accumulator, later steps add to it.
        exo::sm90::wgmma_async_swizzled<BN, BK64<Element>>(acc[g], As[kt % STAGES], 64 * g, 0, Bs[kt % STAGES], 0, 0, kt > 0);
        exo::sm90::wgmma_wait<1>(acc[g]);  // step kt - 1's multiply is complete
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
      exo::sm90::wgmma_wait<0>(acc[g]);
      exo::sm90::wgmma_store_tma(C, N, bm * BM + 64 * g, bn * BN, acc[g], Cs[g]);
    }
  }
}

template <class Element>  // exo::bf16 or float (tf32): the instances at the end
[[exo::kernel]]
void swizzle32_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                 float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % BK32<Element> == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 32768);  // indices fit in int: M * N <= 2^31
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle32)]] Element As[STAGES][BM][BK32<Element>];
    [[exo::shared(swizzle32)]] Element Bs[STAGES][BN][BK32<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];
    [[exo::registers]] float acc[GROUPS][64][BN];
    [[exo::shared]] float Cs[GROUPS][64][64];  // each warpgroup stages its slices of C here

    // Positions 0 .. AHEAD - 1: the first tiles.
    for (int p = 0; p < AHEAD; ++p) {
      if (p < K / BK32<Element>) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load(As[p], A, K, bm * BM, p * BK32<Element>, full, p);
          exo::sm90::tma_load(Bs[p], B, K, bn * BN, p * BK32<Element>, full, p);
        }
      }
    }

    for (int kt = 0; kt < K / BK32<Element>; ++kt) {
      exo::sm90::mbarrier_wait(full, kt);  // tile kt has landed in slot kt % 4
      [[exo::sync(block)]];                // everyone has waited; slot (kt + 2) % 4 is free
      if (kt + AHEAD < K / BK32<Element>) {
        [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
          exo::sm90::tma_load(As[(kt + AHEAD) % STAGES], A, K, bm * BM, (kt + AHEAD) * BK32<Element>, full, kt + AHEAD);
          exo::sm90::tma_load(Bs[(kt + AHEAD) % STAGES], B, K, bn * BN, (kt + AHEAD) * BK32<Element>, full, kt + AHEAD);
        }
      }
      [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
        // Step 0 overwrites the accumulator, later steps add to it.
        exo::sm90::wgmma_async_swizzled<BN, BK32<Element>>(acc[g], As[kt % STAGES], 64 * g, 0, Bs[kt % STAGES], 0, 0, kt > 0);
        exo::sm90::wgmma_wait<1>(acc[g]);  // step kt - 1's multiply is complete
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < GROUPS; ++g) {
      exo::sm90::wgmma_wait<0>(acc[g]);
      exo::sm90::wgmma_store_tma(C, N, bm * BM + 64 * g, bn * BN, acc[g], Cs[g]);
    }
  }
}

// One kernel per element type and width (launchers `swizzle64_gemm(...)`,
// `swizzle32_gemm(...)`, overloads told apart by the pointers' types).
template void swizzle64_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void swizzle64_gemm<float>(int, int, int, const float*, const float*, float*);
template void swizzle32_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void swizzle32_gemm<float>(int, int, int, const float*, const float*, float*);
