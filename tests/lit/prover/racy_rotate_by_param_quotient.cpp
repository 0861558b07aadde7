// Dividing by a parameter expression's quotient, `n / 64`, is modelled exactly: blocks b
// and b + n / 64 write the same element of y, (b + 1) % (n / 64), and the witness is a
// real pair of blocks for a real n.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: blocks ({{[0-9]+}}) and ({{[0-9]+}}) both write 'y' element y[{{[0-9]+}}]
// CHECK: note: for example with n = {{[0-9]+}}
#include <exo/exo.hpp>

[[exo::kernel]] void rotated(int n, int nb, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n > 0 && n <= 65536 && nb > 0 && nb <= 2048);
  exo::extent(x, nb);
  exo::extent(y, n / 64);
  [[exo::parallel(block)]] for (int b = 0; b < nb; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
      y[(b + 1) % (n / 64)] = x[b];
}
