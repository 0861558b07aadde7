// --dump-model of instruction calls: a call is an 'instr' statement naming the
// instruction, its collective and its CUDA form; its operands are tiles (the array with
// its leading indices), scalars and global pointers, followed by the meaning inlined
// with them (exo::aligned as an 'aligned' statement). A register array an instruction
// takes as a fragment is owned by the warp loop's iteration, holds rows * cols / 32
// elements a lane, and names its layout.
// RUN: %exo-cuda --dump-model %s | FileCheck %s
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const exo::bf16* __restrict__ A, const exo::bf16* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 32 * n, 16);
  exo::extent(B, 8, 16);
  exo::extent(C, 32 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] exo::bf16 As[32][16];
    [[exo::shared]] exo::bf16 Bs[8][16];
    [[exo::registers]] exo::bf16 af[2][16][16];
    [[exo::registers]] exo::bf16 bf[2][8][16];
    [[exo::registers]] float acc[2][16][8];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
      exo::sm80::copy16(As, t / 2, t % 2 * 8, A, (b * 32 + t / 2) * 16 + t % 2 * 8);
      if (t < 16) exo::sm80::copy16(Bs, t / 2, t % 2 * 8, B, t * 8);
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 2; ++w) {
      exo::sm80::ldmatrix_x4(af[w], As, w * 16, 0);
      exo::sm80::ldmatrix_x2(bf[w], Bs, 0, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k16(acc[w], af[w], bf[w]);
      exo::sm80::store_m16n8(C, 8, b * 32 + w * 16, 0, acc[w]);
    }
  }
}
// CHECK: decl As: __nv_bfloat16, shared, dims [32][16], offset 0
// CHECK-NEXT: decl Bs: __nv_bfloat16, shared, dims [8][16], offset 1024
// CHECK-NEXT: decl af: __nv_bfloat16, registers, dims [2][16][16], layout: owner runs iteration (w), local dims [8], fragment m16k16_a
// CHECK-NEXT: decl bf: __nv_bfloat16, registers, dims [2][8][16], layout: owner runs iteration (w), local dims [4], fragment n8k16_b
// CHECK-NEXT: decl acc: float, registers, dims [2][16][8], layout: owner runs iteration (w), local dims [4], fragment m16n8_c
// CHECK: instr exo::sm80::copy16, thread, cuda exo::sm80::gpu::copy16
// CHECK: instr exo::sm80::ldmatrix_x4, warp, cuda exo::sm80::gpu::ldmatrix_x4
// CHECK-NEXT: operand: tile af : __nv_bfloat16
// CHECK-NEXT: ref w : int
// CHECK-NEXT: operand: tile As : __nv_bfloat16
// CHECK-NEXT: operand: binary '*' : int
// CHECK: for h: int, sequential, trip 2, step 1
// CHECK: aligned 16
// CHECK-NEXT: lhs: index As : __nv_bfloat16
// CHECK: instr exo::sm80::mma_m16n8k16, warp, cuda exo::sm80::gpu::mma_m16n8k16
// CHECK-NEXT: operand: tile acc : float
// CHECK-NEXT: ref w : int
// CHECK-NEXT: operand: tile af : __nv_bfloat16
// CHECK-NEXT: ref w : int
// CHECK-NEXT: operand: tile bf : __nv_bfloat16
// CHECK-NEXT: ref w : int
// CHECK-NEXT: block
// CHECK-NEXT: for i: int, sequential, trip 16, step 1
// CHECK: for j: int, sequential, trip 8, step 1
// CHECK: for k: int, sequential, trip 16, step 1
// CHECK: assign '+='
// CHECK-NEXT: lhs: index acc : float
// CHECK-NEXT: ref w : int
// CHECK-NEXT: ref i : int
// CHECK-NEXT: ref j : int
// CHECK-NEXT: rhs: binary '*' : float
// CHECK-NEXT: cast : float
// CHECK-NEXT: index af : __nv_bfloat16
// CHECK: instr exo::sm80::store_m16n8, warp, cuda exo::sm80::gpu::store_m16n8
// CHECK-NEXT: operand: ref C : float* __restrict__
