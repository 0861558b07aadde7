// `if (cond) continue;` at the top of a loop body, the ragged-edge idiom, is the rest of
// the body under `if (!cond)`: the thread loop below writes y only for g < n, and the
// sequential loop skips odd k. `continue` inside a nested block is refused
// (diagnostics/err_unsupported_stmt.cpp).
// RUN: %exo-cuda --check-only %s
// RUN: %exo-cuda %s -o %t.cu && FileCheck %s < %t.cu
// CHECK: if (!(g >= n)) {
// CHECK-NEXT: #line {{[0-9]+}}
// CHECK-NEXT: s[t] = x[g];
#include <exo/exo.hpp>

[[exo::kernel]]
void ragged(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n >= 1 && n <= 1 << 20);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < (n + 255) / 256; ++b) {
    [[exo::shared]] float s[256];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      const int g = b * 256 + t;
      s[t] = 0.f;
      if (g >= n) continue;
      s[t] = x[g];
    }
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      const int g = b * 256 + t;
      if (g >= n) continue;
      float acc = 0.f;
      for (int k = 0; k < 8; ++k) {
        if (k % 2 == 1) {
          acc += 1.f;
          continue;
        }
        acc += s[(t + k) % 256];
      }
      y[g] = acc;
    }
  }
}
