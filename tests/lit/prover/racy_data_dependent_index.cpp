// An index read from an integer input (modelled: any value of its type, one per element):
// two blocks may write one element, and the witness shows the data that makes them.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+9]]:7: error: blocks (1) and (0) both write 'y' element y[0]; blocks cannot synchronize
// CHECK: :[[@LINE+8]]:7: note: for example with n = 512; idx[256] = 0, idx[0] = 0
#include <exo/exo.hpp>

[[exo::kernel]]
void k(int n, const int* __restrict__ idx, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b) {
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      y[idx[b * 256 + t]] = x[b * 256 + t];
  }
}
