// An inner block loop with a step: the block's index in it is (blockIdx.x % extent) with
// extent = ceil(M / 2) as a whole (it was printed unparenthesized, blockIdx.x % (M + 1)
// / 2: blocks computed the wrong b, a false accept that the emulation test shows). Three
// persistent loops with steps take the same path.
// RUN: %exo-cuda %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// CHECK: const int b = 2 * (int)(exo_block % ((long long)(M) / 2 + ((long long)(M) % 2 > 0)));
// CHECK: const int c = 1 + 3 * (int)(exo_block % ((long long)((long long)(N) - (long long)(1)) / 3 + ((long long)((long long)(N) - (long long)(1)) % 3 > 0)));
// CHECK: const int b = 2 * (int)(exo_block % ((long long)(M) / 2 + ((long long)(M) % 2 > 0)));
#include <exo/exo.hpp>

[[exo::kernel]] void stepped(int M, const float* __restrict__ A, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 64);
  exo::extent(A, 2 * 64);
  exo::extent(C, 2 * 64);
  [[exo::parallel(block)]] for (int a = 0; a < 2; ++a)
  [[exo::parallel(block)]] for (int b = 0; b < M; b += 2) {
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) C[a * 64 + b] = A[a * 64 + b] + 1.0f;
  }
}

[[exo::kernel]] void stepped_persistent(int M, int N, const float* __restrict__ A, float* __restrict__ C) {
  exo::assume(M > 0 && M <= 8 && N > 1 && N <= 8);
  exo::extent(A, 2 * 64 * 8);
  exo::extent(C, 2 * 64 * 8);
  [[exo::parallel(persistent)]] for (int a = 0; a < 2; ++a)
  [[exo::parallel(persistent)]] for (int b = 0; b < M; b += 2)
  [[exo::parallel(persistent)]] for (int c = 1; c < N; c += 3) {
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) C[(a * 64 + b) * 8 + c] = A[(a * 64 + b) * 8 + c] + 1.0f;
  }
}
