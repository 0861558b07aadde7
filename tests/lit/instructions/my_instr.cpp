// Adding an instruction is one header function plus a test: Inputs/my_instr.hpp
// declares my::scale_m16n8, a warp instruction on an m16n8_c accumulator fragment;
// this kernel (C = alpha * A * B^T, one 64 x 32 tile a block, as mma_gemm) uses it
// between the last mma and the store. exo-cuda proves the kernel, includes the new
// header and calls the CUDA form on the lane's part of the fragment.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
// RUN: %exo-cuda %s | FileCheck %s
#include <exo/sm80.hpp>

#include "Inputs/my_instr.hpp"

[[exo::kernel]]
void scaled_gemm(int M, int N, int K, float alpha, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B,
                 float* __restrict__ C) {
  exo::assume(M % 64 == 0 && N % 32 == 0 && K % 16 == 0 && K > 0);
  exo::assume(M <= 8192 && N <= 8192 && K <= 8192);
  exo::extent(A, M, K);
  exo::extent(B, N, K);
  exo::extent(C, M, N);
  [[exo::parallel(block)]] for (int bm = 0; bm < M / 64; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / 32; ++bn) {
    [[exo::shared]] exo::bf16 As[64][24];
    [[exo::shared]] exo::bf16 Bs[32][24];
    [[exo::registers]] float acc[4][4][16][8];
    [[exo::registers]] exo::bf16 af[4][16][16];
    [[exo::registers]] exo::bf16 bf[4][4][8][16];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w)
      for (int nt = 0; nt < 4; ++nt) exo::sm80::fill_m16n8(acc[w][nt], 0.f);
    for (int kt = 0; kt < K / 16; ++kt) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
        exo::sm80::copy16(As, t / 2, t % 2 * 8, A, (bm * 64 + t / 2) * K + kt * 16 + t % 2 * 8);
        if (t < 64) exo::sm80::copy16(Bs, t / 2, t % 2 * 8, B, (bn * 32 + t / 2) * K + kt * 16 + t % 2 * 8);
      }
      [[exo::sync(block)]];
      [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
        exo::sm80::ldmatrix_x4(af[w], As, w * 16, 0);
        for (int nt = 0; nt < 4; ++nt) {
          exo::sm80::ldmatrix_x2(bf[w][nt], Bs, nt * 8, 0);
          exo::sm80::mma_m16n8k16(acc[w][nt], af[w], bf[w][nt]);
        }
      }
      [[exo::sync(block)]];
    }
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w)
      for (int nt = 0; nt < 4; ++nt) {
        my::scale_m16n8(acc[w][nt], alpha);
        exo::sm80::store_m16n8(C, N, bm * 64 + w * 16, bn * 32 + nt * 8, acc[w][nt]);
      }
  }
}
// CHECK: #include <cuda_runtime.h>
// CHECK: #include <cuda_bf16.h>
// CHECK-DAG: #include <exo/sm80.hpp>  // instructions
// CHECK-DAG: #include <my_instr.hpp>  // instructions
// CHECK: __global__ void __launch_bounds__(128) scaled_gemm_kernel(int M, int N, int K, float alpha,
// CHECK: float acc[4][4];  // this lane's part of the m16n8_c fragments acc[4][4][16][8]
// CHECK: __nv_bfloat16 af[8];  // this lane's part of the m16k16_a fragments af[4][16][16]
// CHECK: __nv_bfloat16 bf[4][4];  // this lane's part of the n8k16_b fragments bf[4][4][8][16]
// CHECK: {  // {{\[\[}}exo::parallel(warp)]] w: 4 x 32 threads
// CHECK: my::gpu::scale_m16n8(acc[nt], alpha);
// CHECK-NEXT: #line
// CHECK-NEXT: exo::sm80::gpu::store_m16n8<float>(C, N, bm * 64 + w * 16, bn * 32 + nt * 8, acc[nt]);
