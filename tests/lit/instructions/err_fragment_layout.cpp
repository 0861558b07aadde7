// err_fragment_layout: one register array holds fragments of one layout. A tf32 A
// fragment (m16k8_tf32) and an accumulator (m16n8_c) are both 16 x 8 floats, but their
// lanes hold different elements; keeping both in one array is refused.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/sm80.hpp>

[[exo::kernel]]
void k(int n, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  exo::assume(n > 0 && n <= 1024);
  exo::extent(A, 64 * n, 8);
  exo::extent(B, 8, 8);
  exo::extent(C, 64 * n, 8);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b) {
    [[exo::shared]] float As[64][8];
    [[exo::shared]] float Bs[8][8];
    [[exo::registers]] float bfr[4][8][8];
#ifdef FIXED
    [[exo::registers]] float afr[4][16][8];
    [[exo::registers]] float acc[4][16][8];
#else
    // fr[w][0]: the A fragment, fr[w][1]: the accumulator.
    [[exo::registers]] float fr[4][2][16][8];
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      for (int e = 0; e < 4; ++e) As[t / 2][t % 2 * 4 + e] = A[(b * 64 + t / 2) * 8 + t % 2 * 4 + e];
      if (t < 64) Bs[t / 8][t % 8] = B[t];
    }
    [[exo::sync(block)]];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      exo::sm80::load_tf32_b(bfr[w], Bs, 0, 0);
#ifdef FIXED
      exo::sm80::load_tf32_a(afr[w], As, w * 16, 0);
      exo::sm80::fill_m16n8(acc[w], 0.f);
      exo::sm80::mma_m16n8k8_tf32(acc[w], afr[w], bfr[w]);
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, acc[w]);
#else
      // CHECK: err_fragment_layout.cpp:[[@LINE+7]]:29: error: 'fr' is used as a fragment of layout 'm16n8_c' here but of layout 'm16k8_tf32' at its first use; one array holds one layout
      // CHECK: err_fragment_layout.cpp:[[@LINE+5]]:30: note: other use here
      // CHECK: err_fragment_layout.cpp:[[@LINE+6]]:35: error: 'fr' is used as a fragment of layout 'm16n8_c' here but of layout 'm16k8_tf32' at its first use
      // CHECK: err_fragment_layout.cpp:[[@LINE+3]]:30: note: other use here
      // CHECK: err_fragment_layout.cpp:[[@LINE+5]]:56: error: 'fr' is used as a fragment of layout 'm16n8_c' here but of layout 'm16k8_tf32' at its first use
      // CHECK: err_fragment_layout.cpp:[[@LINE+1]]:30: note: other use here
      exo::sm80::load_tf32_a(fr[w][0], As, w * 16, 0);
      exo::sm80::fill_m16n8(fr[w][1], 0.f);
      exo::sm80::mma_m16n8k8_tf32(fr[w][1], fr[w][0], bfr[w]);
      exo::sm80::store_m16n8(C, 8, b * 64 + w * 16, 0, fr[w][1]);
#endif
    }
  }
}
// CHECK-NOT: error:
// CHECK: 3 errors generated.
