// Sequential loops with the headers CUDA programmers write: a tree sum halving its
// stride (`h >>= 1`), a warp sum (`off /= 2`, unsigned), a Hillis-Steele scan doubling its
// offset (`d *= 2`) through a shared array of addends, a count down (`--i`, `i -= 2`) and an inclusive
// bound (`<=`). exo rewrites each as a counter loop that computes the variable; the
// prover proves them and the CPU emulation runs the generated CUDA against the
// sequential program.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s --input-file=%t.cu
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
#include <exo/exo.hpp>

// CHECK-LABEL: tree_sum_kernel(
// CHECK: for (int exo_h_iter = 0; exo_h_iter < 8; ++exo_h_iter) {
// CHECK: const int h = 128 >> exo_h_iter;
[[exo::kernel]] void tree_sum(int n, const float* __restrict__ x, float* __restrict__ out) {
  exo::assume(n % 512 == 0 && n > 0 && n <= 1048576);
  exo::extent(x, n);
  exo::extent(out, n / 512);
  [[exo::parallel(block)]] for (int b = 0; b < n / 512; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t] = x[b * 512 + t] + x[b * 512 + 256 + t];
    [[exo::sync(block)]];
    for (int h = 128; h > 0; h >>= 1) {
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
        if (t < h) s[t] += s[t + h];
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) out[b] = s[0];
  }
}

// CHECK-LABEL: warp_sum_kernel(
// CHECK: const unsigned off = 16u >> exo_off_iter;
[[exo::kernel]] void warp_sum(int n, const float* __restrict__ x, float* __restrict__ out) {
  exo::assume(n % 128 == 0 && n > 0 && n <= 1048576);
  exo::extent(x, n);
  exo::extent(out, n / 32);
  [[exo::parallel(block)]] for (int b = 0; b < n / 128; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(warp)]] for (int w = 0; w < 4; ++w) {
      [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l) s[w * 32 + l] = x[b * 128 + w * 32 + l];
      [[exo::sync(warp)]];
      for (unsigned off = 16; off > 0; off /= 2) {
        [[exo::parallel(thread)]] for (int l = 0; l < 32; ++l)
          if (l < off) s[w * 32 + l] += s[w * 32 + l + off];
        [[exo::sync(warp)]];
      }
      [[exo::parallel(thread)]] for (int l = 0; l < 1; ++l) out[b * 4 + w] = s[w * 32];
    }
  }
}

// CHECK-LABEL: scan_kernel(
// CHECK: for (int exo_d_iter = 0; exo_d_iter < 8; ++exo_d_iter) {
// CHECK: const int d = 1 << exo_d_iter;
[[exo::kernel]] void scan(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0 && n > 0 && n <= 1048576);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::shared]] float add[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t] = x[b * 256 + t];
    [[exo::sync(block)]];
    for (int d = 1; d < 256; d *= 2) {
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) add[t] = t >= d ? s[t - d] : 0.f;
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) s[t] += add[t];
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) y[b * 256 + t] = s[t];
  }
}

// CHECK-LABEL: reverse_rows_kernel(
// CHECK: for (int exo_i_iter = 0; exo_i_iter < m - 1 + 1; ++exo_i_iter) {
// CHECK: const int i = m - 1 - exo_i_iter;
// CHECK: for (int exo_j_iter = 0; exo_j_iter < (m - 1 + 1) / 2; ++exo_j_iter) {
// CHECK: const int j = m - 1 - 2 * exo_j_iter;
// CHECK: for (int k = 0; k < m - 1 + 1; ++k) {
[[exo::kernel]] void reverse_rows(int rows, int m, const float* __restrict__ x, float* __restrict__ y,
                                  float* __restrict__ z) {
  exo::assume(rows > 0 && rows <= 4096 && m > 0 && m <= 4096);
  exo::extent(x, rows, m);
  exo::extent(y, rows, m);
  exo::extent(z, rows, m);
  [[exo::parallel(block)]] for (int b = 0; b < rows; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t) {
      float acc = 0.f;
      for (int i = m - 1; i >= 0; --i) {
        acc = acc * 0.5f + x[b * m + i];  // order matters: a suffix sum from the right
        y[b * m + i] = acc;
      }
      for (int j = m - 1; j > 0; j -= 2) z[b * m + j] = x[b * m + j - 1];
      for (int k = 0; k <= m - 1; ++k) z[b * m + k] += 1.f;
    }
}
// EMU: PASS ok_loop_headers.cpp: tree_sum#0: {{.*}} warp_sum#1: {{.*}} scan#2: {{.*}} reverse_rows#3: size 64 ok
// EMU: emulation: 1 of 1 kernels match the sequential program
