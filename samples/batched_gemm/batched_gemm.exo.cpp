// batched_gemm: C[b] = A[b] * B[b]^T for every b < batch, through 3-D TMA boxes
// (row-major batches: A is batch x M x K, B batch x N x K, C batch x M x N; bf16 or f16
// inputs, or f32 ones multiplied as tf32; f32 accumulation and output).
//
// Batched GEMMs of short matrices (attention heads, experts: M = 64 .. 512) leave a
// 128-row tile half empty. Here one block multiplies a 64 x 128 tile of two matrices of
// the batch at once, one per consumer warpgroup, and the producer copies both matrices'
// slices of A (and of B) with one TMA box of depth 2: a 3-D tensor map over the batch,
// whose box stays inside each matrix (TMA fills rows and columns past a matrix's edge,
// and matrices past the batch, with zeros: a ragged K or an odd batch reads nothing of
// the next matrix). K advances one 128-byte row (64 bf16 / f16, 32 f32) at a time
// through a ring of four 128-byte-swizzled slots, as in samples/ragged_gemm:
//  - warpgroup 0, the producer: one thread waits until slot kt % 4 is released
//    (position kt - 4 of `empty`; positions -4 .. -1, the phase before each slot's
//    first, pass at once: no `if (kt >= 4)`, whose branch made ptxas serialize the
//    consumers' wgmma here, C7518), then copies the A and B boxes of step kt;
//  - warpgroups 1 and 2, the consumers: consumer g multiplies matrix 2 bp + g - 1, the
//    depth g - 1 of each box (As[slot][g - 1] is a 64 x 64 swizzled tile wgmma takes),
//    and releases step kt - 1's slot once its multiply is complete.
// The epilogue stores each consumer's accumulator in 64 x 32 slices through a shared
// tile with a 3-D TMA store (a box of depth 1 at matrix b), issued by one thread, which
// waits until TMA has read the tile before the warpgroup writes it again.
// Sequentially the roles run one after the other and the rings do nothing: the program
// is its own CPU reference; exo-cuda proves the protocol, the data flow and every
// global access against the 3-D extents.
#include <exo/sm90.hpp>

constexpr int BM = 64, BN = 128;  // one consumer's tile of one matrix
constexpr int PAIR = 2;           // matrices per block: one per consumer warpgroup
// K step: one 128-byte swizzled row (64 bf16 / f16, 32 floats multiplied as tf32).
template <class Element>
constexpr int BK = 128 / static_cast<int>(sizeof(Element));
constexpr int STAGES = 4;   // ring slots
constexpr int SLICE = 32;   // columns of C a TMA store writes
constexpr int PRODUCER = 0; // the producer's warpgroup

template <class Element>  // exo::bf16, exo::f16 or float (tf32): the instances at the end
[[exo::kernel]]
void batched_gemm(int batch, int M, int N, int K, const Element* __restrict__ A, const Element* __restrict__ B,
                  float* __restrict__ C) {
  exo::assume(batch > 0 && M > 0 && N > 0 && K > 0 && K % 8 == 0 && M % BM == 0 && N % SLICE == 0);
  // Indices fit in int: batch * M * N, batch * M * K and batch * N * K at most 2^31.
  exo::assume(batch <= 4096 && M <= 32768 && N <= 65536 && K <= 32768);
  exo::assume(batch * M <= 32768 && batch * N <= 65536);
  exo::extent(A, batch, M, K);
  exo::extent(B, batch, N, K);
  exo::extent(C, batch, M, N);
  [[exo::parallel(block)]] for (int bp = 0; bp < (batch + PAIR - 1) / PAIR; ++bp)
  [[exo::parallel(block)]] for (int bm = 0; bm < M / BM; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < (N + BN - 1) / BN; ++bn) {
    [[exo::shared(swizzle128)]] Element As[STAGES][PAIR][BM][BK<Element>];
    [[exo::shared(swizzle128)]] Element Bs[STAGES][PAIR][BN][BK<Element>];
    [[exo::shared]] exo::mbarrier full[STAGES];   // signalled by the copies
    [[exo::shared]] exo::mbarrier empty[STAGES];  // signalled by the consumers
    [[exo::shared]] float Cs[PAIR][BM][SLICE];    // each consumer's staging tile
    [[exo::registers]] float acc[1 + PAIR][BM][BN];  // acc[0] (the producer's) is unused

    for (int kt = 0; kt < (K + BK<Element> - 1) / BK<Element>; ++kt) {
      [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + PAIR; ++g) {
        if (g == PRODUCER) {
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            exo::sm90::mbarrier_wait(empty, kt - STAGES);  // slot kt % 4 is free (positions -4 .. -1: at once)
            // Boxes of 2 x 64 x 64 and 2 x 128 x 64: matrices 2 bp and 2 bp + 1.
            exo::sm90::tma_load(As[kt % STAGES], A, batch, M, K, PAIR * bp, bm * BM, kt * BK<Element>, full, kt);
            exo::sm90::tma_load(Bs[kt % STAGES], B, batch, N, K, PAIR * bp, bn * BN, kt * BK<Element>, full, kt);
          }
        } else {
          exo::sm90::mbarrier_wait(full, kt);  // step kt has landed in slot kt % 4
          // Step 0 overwrites the accumulator, later steps add to it.
          exo::sm90::wgmma_async_sw128<BN, BK<Element>>(acc[g], As[kt % STAGES][g - 1], 0, 0, Bs[kt % STAGES][g - 1], 0, 0,
                                                        kt > 0);
          exo::sm90::wgmma_wait<1>(acc[g]);                        // step kt - 1's multiply is complete
          if (kt > 0) exo::sm90::mbarrier_arrive(empty, kt - 1);  // so its slot is free
        }
      }
    }

    [[exo::parallel(warpgroup)]] for (int g = 0; g < 1 + PAIR; ++g) {
      if (g != PRODUCER) {
        exo::sm90::wgmma_wait<0>(acc[g]);
        for (int q = 0; q < BN / SLICE; ++q) {
          exo::sm90::wgmma_stage(Cs[g - 1], acc[g], SLICE * q);
          [[exo::sync(warpgroup)]];  // the slice is staged
          [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
            // Matrix 2 bp + g - 1 (when the batch has it), rows bm * BM .., columns
            // bn * BN + 32 q .. (when C has them).
            if (PAIR * bp + g - 1 < batch && bn * BN + SLICE * q < N)
              exo::sm90::tma_store(C, batch, M, N, PAIR * bp + g - 1, bm * BM, bn * BN + SLICE * q, Cs[g - 1]);
            exo::sm90::bulk_commit();
            exo::sm90::bulk_wait_read<0>();  // TMA has read the tile
          }
          [[exo::sync(warpgroup)]];  // so the warpgroup may write it again
        }
      }
    }
  }
}

// One kernel per element type (launchers `batched_gemm(...)`, overloads told apart by
// the pointers' types; CUDA kernels batched_gemm_kernel_bf16 / _f16 / _f32).
template void batched_gemm<exo::bf16>(int, int, int, int, const exo::bf16*, const exo::bf16*, float*);
template void batched_gemm<exo::f16>(int, int, int, int, const exo::f16*, const exo::f16*, float*);
template void batched_gemm<float>(int, int, int, int, const float*, const float*, float*);
