// Calls users write in kernels: a constexpr helper over constants (folded: the grid's
// size), helpers whose body is one `return` (inlined with the arguments' values, so the
// CUDA needs no copy of them), std::min / std::max (selects with the library's meaning:
// min is `b < a ? b : a`) and abs of an int and of a float (fabsf). The prover proves
// the kernel, the CUDA holds the inlined expressions, and the CPU emulation runs the
// generated CUDA against the sequential program bit for bit.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s --input-file=%t.cu
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
#include <exo/exo.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>

constexpr int TILE = 256;
constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }
inline int tile_end(int b, int n) { return std::min((b + 1) * TILE, n); }
template <class T> T relu(T v) { return std::max(v, T(0)); }

// CHECK-LABEL: clipped_kernel(
// CHECK: if (i < (n < (b + 1) * 256 ? n : (b + 1) * 256)) {
// CHECK: y[i] = fabsf(x[i]) + (x[i] < 0.5f ? 0.5f : x[i]) + (x[i] < (float)0 ? (float)0 : x[i]);
// CHECK: e[i] = (d[i] / 2 < 0 ? -(d[i] / 2) : d[i] / 2) + (7 < d[i] ? 7 : d[i]);
// CHECK-LABEL: cudaError_t clipped(
// CHECK: const long long exo_extent_b = (long long)((n + 256 - 1) / 256);
[[exo::kernel]]
void clipped(int n, const float* __restrict__ x, const int* __restrict__ d, float* __restrict__ y, int* __restrict__ e) {
  exo::assume(n <= 1 << 30);
  exo::extent(x, n);
  exo::extent(d, n);
  exo::extent(y, n);
  exo::extent(e, n);
  [[exo::parallel(block)]] for (int b = 0; b < ceil_div(n, TILE); ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < TILE; ++t) {
    int i = b * TILE + t;
    if (i < tile_end(b, n)) {
      y[i] = std::abs(x[i]) + std::max(x[i], 0.5f) + relu(x[i]);
      e[i] = std::abs(d[i] / 2) + std::min(d[i], 7);
    }
  }
}

// A constant call is its value: 8 threads (ceil_div(30, 4)).
// CHECK-LABEL: folded_kernel(
// CHECK: 8 x 1 thread
[[exo::kernel]]
void folded(float* __restrict__ y) {
  exo::extent(y, 8);
  [[exo::parallel(thread)]] for (int t = 0; t < ceil_div(30, 4); ++t) y[t] = relu(-1.0f * t);
}

// EMU: PASS ok_helper_calls.cpp: clipped#0: size 64 ok{{.*}} folded#1: size 64 ok
// EMU: emulation: 1 of 1 kernels match the sequential program
