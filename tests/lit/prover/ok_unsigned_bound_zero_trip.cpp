// `t < 256u` compares t as unsigned, so a loop from -1 runs zero times in C++: the
// generated CUDA must run no thread of it (not 257), or y[0..255] would be overwritten.
// A local constexpr is a constant trip count. The emulation test compares the CUDA with
// the sequential program bit for bit.
// RUN: %exo-cuda -o %t.cu %s
// RUN: FileCheck %s < %t.cu
// CHECK: exo::parallel(thread)]] t: 0 x 1 thread
// CHECK: exo::parallel(thread)]] i: 16 x 1 thread
#include <exo/exo.hpp>

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = -1; t < 256u; ++t) y[t + 1] = 0.f;
  constexpr int kTile = 16;
  [[exo::parallel(thread)]] for (int i = 0; i < kTile; ++i) y[i] = x[i];
}
