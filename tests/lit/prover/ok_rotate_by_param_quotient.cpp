// A divisor that is a parameter expression divided by a constant, `n / 64` (the steps of
// a K loop): each block takes the steps of the loop in its own rotated order,
// `(k + b) % (n / 64)`, as a GEMM that staggers its blocks' reads of a shared operand
// does. The sequential program sums in the same rotated order, so the result is the
// specification's; every read stays inside x for every n the assumes allow, and each
// block writes its own element.
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]] void rotated_sum(int n, int nb, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n > 0 && n <= 65536 && nb > 0 && nb <= 1024);
  exo::extent(x, n);
  exo::extent(y, nb);
  [[exo::parallel(block)]] for (int b = 0; b < nb; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
      for (int k = 0; k < n / 64; ++k) y[b] += x[((k + b) % (n / 64)) * 64 + 63];
}
