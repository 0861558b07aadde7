// skinny_gemm: C = A * B^T for a C of few tiles and a long K (row-major A is M x K, B is
// N x K, C is M x N; bf16, f16 or f32 (as tf32) inputs, f32 accumulation and output),
// without splitting K: small tiles in clusters of two that share B.
//
// At 128 x 8192 x 8192 the time is streaming B (128 MB) from memory, and every byte a
// block pulls from L2 counts: 128 x 256 tiles leave 32 tiles for 132 SMs (split-k then
// zeroes C and adds four shares into it), and 128 x 64 tiles read all of A (2 MB) in
// every block (docs/perf-notes.md, thirteenth session). Here a block computes a 64 x 128
// tile of C over the whole of K, and the two blocks of a cluster, the tiles (bm, bn) and
// (bm + 1, bn), share their B tile through TMA multicast: per K step each block pulls
// 8 KB of A and its half of the 16 KB B tile (both halves land in both blocks), 16 KB of
// L2 traffic per block against 24 KB for 128 x 64 tiles. cuBLAS chooses this shape of
// tile and cluster there (its log, CUBLASLT_LOG_LEVEL=5: tile 128x64 in its column-major
// terms, cluster 1x2x1).
// A K step is two 128-byte columns (two copies per operand, one position of `full`): 256
// contiguous bytes of every row of B per request instead of 128.
//  - warpgroup 0, the producer: one thread waits until the consumers of both blocks have
//    released the slot's previous step (position kt - 4 of `empty`), then copies both
//    halves of the A tile and its share of both halves of the B tile, signalling position
//    kt of `full`;
//  - warpgroup 1, the consumer: waits for position kt of `full`, multiplies with wgmma
//    (m64n128), waits for that multiply (wgmma_wait<0>) and releases the slot at once in
//    both blocks (mbarrier_arrive_cluster): the other block's producer refills this
//    block's B half too. The block is bound by memory, not by the tensor cores: freeing
//    each slot one step earlier than keeping a multiply in flight (wgmma_wait<1>, release
//    kt - 1) keeps three steps of loads in flight instead of two.
// B's TMA loads ask L2 to evict their lines first (exo::l2_policy): B is read once, and
// without the hint its 128 MB push A, which every cluster reads, out of L2.
// Measured on the H200 (docs/perf-notes.md, fourteenth and sixteenth sessions): 0.94 of
// cuBLAS at 128 x 8192 x 8192 in bf16 and fp16, where split-k ran 0.88; 0.87 with
// wgmma_wait<1>, 0.81 with eight slots of one 128-byte column; 0.97-0.98 with the hint.
#include <exo/sm90.hpp>

constexpr int BM = 64, BN = 128;  // block tile: one consumer warpgroup's wgmma m64n128
// Half a K step: one 128-byte swizzled row (64 bf16 / f16, 32 floats multiplied as tf32).
template <class Element>
constexpr int BK = 128 / static_cast<int>(sizeof(Element));
constexpr int HALVES = 2;    // 128-byte columns per K step (two copies each): 256 contiguous bytes of a row
constexpr int STAGES = 4;    // ring slots
constexpr int PRODUCER = 0;  // the producer's warpgroup; warpgroup 1 is the consumer
constexpr int CLUSTER = 2;   // blocks per cluster, along M: they share B

template <class Element>  // exo::bf16, exo::f16 or float (tf32): the instances at the end
[[exo::kernel]]
void skinny_gemm(int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                 float* __restrict__ C) {
  exo::assume(M % (CLUSTER * BM) == 0 && N % BN == 0 && K % (HALVES * BK<Element>) == 0 && K > 0);
  exo::assume(M <= 32768 && N <= 65536 && K <= 65536 && (N <= 32768 || K <= 32768));  // M*N, M*K, N*K <= 2^31: int indices
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  exo::l2_policy(B, exo::l2::evict_first);  // B streams through once: keep A (read by every cluster) and C in L2
  [[exo::parallel(block)]] for (int cm = 0; cm < M / (CLUSTER * BM); ++cm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / BN; ++bn)
  [[exo::parallel(block_in_cluster)]] for (int c = 0; c < CLUSTER; ++c) {
    const int bm = cm * CLUSTER + c;  // this block's row of tiles
    [[exo::shared(swizzle128)]] Element As[STAGES][HALVES][BM][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][HALVES][BN][BK<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];   // signalled by the copies (both blocks' B shares)
    [[exo::shared]] exo::mbarrier empty[STAGES];  // signalled by the consumers of both blocks
    [[exo::registers]] float acc[2][64][BN];      // acc[0] (the producer's) is unused
    [[exo::shared]] float Cs[64][64];             // the consumer stages its slices of C here

    for (int kt = 0; kt < K / (HALVES * BK<Element>); ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 2; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            if (kt >= STAGES) exo::sm90::mbarrier_wait(empty, kt - STAGES);  // slot kt % 4 is free in both blocks
            const int k0 = kt * HALVES * BK<Element>;  // this step's first column; the second half follows
            exo::sm90::tma_load_sw128(As[kt % STAGES][0], A, K, bm * BM, k0, full, kt);
            exo::sm90::tma_load_sw128(As[kt % STAGES][1], A, K, bm * BM, k0 + BK<Element>, full, kt);
            exo::sm90::tma_load_sw128_multicast(Bs[kt % STAGES][0], B, K, bn * BN, k0, full, kt);
            exo::sm90::tma_load_sw128_multicast(Bs[kt % STAGES][1], B, K, bn * BN, k0 + BK<Element>, full, kt);
          }
        } else {
          exo::sm90::mbarrier_wait(full, kt);  // step kt has landed in slot kt % 4
          // Step 0's first half overwrites the accumulator, the rest add to it.
          for (int h = 0; h < HALVES; ++h)
            exo::sm90::wgmma_async_sw128<BN, BK<Element>>(acc[g], As[kt % STAGES][h], 0, 0, Bs[kt % STAGES][h], 0, 0, kt > 0 || h > 0);
          exo::sm90::wgmma_wait<0>(acc[g]);  // this step's multiply is complete
          exo::sm90::mbarrier_arrive_cluster(empty, kt);  // so its slot is free in both blocks
        }
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < 2; ++g) {
      if (g != PRODUCER) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        exo::sm90::wgmma_store_tma(C, N, bm * BM, bn * BN, acc[g], Cs);
      }
    }
  }
}

// The kernels exo-cuda generates: one per element type (launchers `skinny_gemm(...)`,
// overloads told apart by the pointers' types; CUDA kernels skinny_gemm_kernel_bf16 / _f16 /
// _f32, the last multiplying f32 inputs as tf32).
template void skinny_gemm<exo::bf16>(int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void skinny_gemm<exo::f16>(int, int, int, const exo::f16*, const exo::f16*, float*);
template void skinny_gemm<float>(int, int, int, const float*, const float*, float*);
