// a correct kernel: the read of s is evaluated only when t < 16 (the arm of ?:, the
// right operand of &&), so it stays in bounds; the prover must accept it
// RUN: %exo-cuda --check-only %s
#include <exo/exo.hpp>

[[exo::kernel]]
void k(const float* __restrict__ x, float* __restrict__ y) {
  [[exo::shared]] float s[16];
  [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) s[t] = x[t];
  [[exo::sync(block)]];
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    y[t] = t < 16 ? s[15 - t] : 0.f;
    if (t < 16 && s[15 - t] > 0.f) y[t] += 1.f;
  }
}
