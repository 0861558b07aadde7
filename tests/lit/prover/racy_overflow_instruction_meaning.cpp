// Index arithmetic inside an instruction's meaning is checked at each call: store_m16n8
// writes C[(r0 + i) * ldc + c0 + j], which overflows int when M * N > 2^31. The error
// points at the call, with a note at the operation in the header.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void ones(int M, int N, float* __restrict__ C) {
  exo::assume(M % 16 == 0 && N % 8 == 0);
  exo::assume(M <= 65536 && N <= 65536);
#ifdef FIXED
  exo::assume(M <= 32768);  // then (M - 1) * N + N - 1 < 2^31
#endif
  [[exo::parallel(block)]] for (int bm = 0; bm < M / 16; ++bm)
  [[exo::parallel(block)]] for (int bn = 0; bn < N / 8; ++bn) {
    [[exo::registers]] float acc[1][16][8];
    [[exo::parallel(warp)]] for (int w = 0; w < 1; ++w) {
      exo::sm80::fill_m16n8(acc[w], 1.f);
      exo::sm80::store_m16n8(C, N, bm * 16, bn * 8, acc[w]);
    }
  }
}
// CHECK: racy_overflow_instruction_meaning.cpp:[[@LINE-4]]:7: error: the product '(bm * 16 + i) * N' in the index of 'C' may overflow 'int': its value can be {{[0-9]+}} ({{[0-9]+}} * {{[0-9]+}}), outside [-2147483648, 2147483647]
// CHECK: exo/sm80.hpp:{{[0-9]+}}:{{[0-9]+}}: note: the operation in the meaning of 'exo::sm80::store_m16n8' here
// CHECK-NEXT: C[(r0 + i) * ldc + c0 + j] = T(d[i][j]);
// CHECK: racy_overflow_instruction_meaning.cpp:[[@LINE-7]]:7: note: for example with M = {{[0-9]+}}, N = {{[0-9]+}}; bm = {{[0-9]+}}, i = {{[0-9]+}}
// CHECK: racy_overflow_instruction_meaning.cpp:[[@LINE-18]]:3: note: insert 'exo::assume(M <= 46345 && N >= 0 && N <= 46345);' at the top of the kernel so that '(bm * 16 + i) * N + bn * 8 + j' fits in 'int'
// CHECK-NOT: error:
// CHECK: 1 error generated.
