// splitk_gemm: C += A * B^T with K split over blocks (row-major A is M x K, B is N x K,
// C is M x N; bf16, f16 or f32 (as tf32) inputs, f32 accumulation and output).
//
// hopper_gemm's warp-specialized block (a TMA producer warpgroup, two wgmma consumer
// warpgroups, `full` / `empty` rings of four slots) computes one 128 x 256 tile of C
// over one of SPLITS shares of K, and adds it to C with TMA's bulk reductions
// (wgmma_store_add_tma: each consumer stages its accumulator in 64 x 64 slices of shared
// memory, Cs, and one thread reduces each slice into C with cp.reduce.async.bulk.tensor;
// UTMAREDG in SASS). For shapes whose C has few tiles and a long K (1024 x 1024 x
// 32768: 32 tiles for 132 SMs) the SPLITS blocks of a tile run at once, each doing a
// SPLITS-th of the K loop. The shares interleave: share s takes the K steps s,
// s + SPLITS, s + 2 SPLITS, ... (a K step is BK columns, one 128-byte row), so the
// column of step j of share s is (j * SPLITS + s) * BK, linear in both.
//
// Sequentially this is the same sum in another order: for each element, the shares'
// partial sums are added to C one after the other. On the GPU the additions of the
// shares land in any order; exo-cuda accepts that because the only accesses of C are
// `[[exo::reduce(add)]]` reductions, and the result is the sequential one up to the
// order of SPLITS float additions per element (docs/prover.md, "Atomic reductions").
// C must hold the sum's first term: zero it for C = A * B^T (samples/common's
// dispatcher does).
// B's TMA loads ask L2 to evict their lines first (exo::l2_policy): with few rows of C
// (128 x 8192 x 8192) B streams through once and would push A out of L2; measured on
// the H200 (docs/perf-notes.md, sixteenth session) 0.89 -> 0.95 of cuBLAS in bf16 and
// 0.97 -> 1.03 in tf32 there, no change at 1024 x 1024 x 32768.
#include <exo/sm90.hpp>

constexpr int BM = 128, BN = 256;  // block tile
// K step: one 128-byte swizzled row (64 bf16 / f16, 32 floats multiplied as tf32).
template <class Element>
constexpr int BK = 128 / static_cast<int>(sizeof(Element));
constexpr int STAGES = 4;                   // ring slots
constexpr int CONSUMERS = 2;                // consumer warpgroups of 64 x 256
constexpr int PRODUCER = 0;                 // the producer's warpgroup
constexpr int SPLITS = 4;                   // blocks per tile of C, each over K / SPLITS

template <class Element>  // exo::bf16, exo::f16 or float (tf32): the instances at the end
[[exo::kernel]]
void splitk_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                 float* __restrict__ C) {
  exo::assume(M % BM == 0 && N % BN == 0 && K % (BK<Element> * SPLITS) == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 65536);  // indices fit in int: M * N, M * K, N * K <= 2^31
  exo::assume(M <= 16384 || K <= 32768);
  exo::assume(N <= 32768 || K <= 32768);
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  exo::l2_policy(B, exo::l2::evict_first);  // B streams through once (few rows): keep A and C in L2
  [[exo::parallel(block)]] for (int s = 0; s < SPLITS; ++s)
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][BM][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][BN][BK<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];   // signalled by the copies
    [[exo::shared]] exo::mbarrier empty[STAGES];  // signalled by the consumers
    [[exo::registers]] float acc[1 + CONSUMERS][64][BN];  // acc[0] (the producer's) is unused
    [[exo::shared]] float Cs[CONSUMERS][64][64];  // each consumer stages its slices of C here

    for (int j = 0; j < K / (BK<Element> * SPLITS); ++j) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            if (j >= STAGES) exo::sm90::mbarrier_wait(empty, j - STAGES);  // slot j % 4 is free
            const int k0 = (j * SPLITS + s) * BK<Element>;  // this share's j-th K step
            exo::sm90::tma_load_sw128(As[j % STAGES], A, K, bm * BM, k0, full, j);
            exo::sm90::tma_load_sw128(Bs[j % STAGES], B, K, bn * BN, k0, full, j);
          }
        } else {
          exo::sm90::mbarrier_wait(full, j);  // step j has landed in slot j % 4
          exo::sm90::wgmma_async_sw128<BN, BK<Element>>(acc[g], As[j % STAGES], 64 * (g - 1), 0, Bs[j % STAGES], 0, 0, j > 0);
          exo::sm90::wgmma_wait<1>(acc[g]);                      // step j - 1's multiply is complete
          if (j > 0) exo::sm90::mbarrier_arrive(empty, j - 1);  // so its slot is free
        }
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + CONSUMERS; ++g) {
      if (g != PRODUCER) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::wgmma_store_add_tma(C, N, bm * BM + 64 * (g - 1), bn * BN, acc[g], Cs[g - 1]);  // C += this share's sum, by TMA
      }
    }
  }
}

// The kernels exo-cuda generates: one per element type (launchers `splitk_gemm(...)`,
// overloads told apart by the pointers' types; CUDA kernels splitk_gemm_kernel_bf16 / _f16 /
// _f32, the last multiplying f32 inputs as tf32).
template void splitk_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void splitk_gemm<exo::f16>(int, int, int, const exo::f16*, const exo::f16*, float*);
template void splitk_gemm<float>(int, int, int, const float*, const float*, float*);
