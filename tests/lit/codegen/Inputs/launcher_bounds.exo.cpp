// Grids whose block loop bounds reach past long long (launcher_bounds.test).
#include <exo/exo.hpp>

[[exo::kernel]] void wide_grid(unsigned long n, float* __restrict__ y) {
  [[exo::parallel(block)]] for (unsigned long b = 0; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      if (b == 0) y[t] = 1.0f;
}

[[exo::kernel]] void offset_grid(unsigned long lo, unsigned long hi, float* __restrict__ y) {
  [[exo::parallel(block)]] for (unsigned long b = lo; b < hi; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      if (b == lo) y[t] = 2.0f;
}

[[exo::kernel]] void strided_grid(long n, float* __restrict__ y) {
  exo::assume(n <= 9223372036854775803L);  // b + 4 fits in long
  [[exo::parallel(block)]] for (long b = -4; b < n; b += 4)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      if (b == 8) y[t] = 3.0f;
}

// Starts converted to a narrower variable type (review of the sixteenth session): the
// loop starts at the converted value, and so must the launcher's span.
[[exo::kernel]] void short_start(int L, int n, float* __restrict__ y) {
  exo::assume(L == -40000 && n == 25600);
  exo::extent(y, 2048);
  [[exo::parallel(block)]] for (short b = L; b < n; ++b)  // b: 25536 .. 25599
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      y[(b - 25536) * 32 + t] = 4.0f;
}

[[exo::kernel]] void uchar_start(int L, unsigned long n, float* __restrict__ y) {
  exo::assume(n <= 255);
  [[exo::parallel(block)]] for (unsigned char b = L; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      if (b == 105) y[t] = 5.0f;
}

[[exo::kernel]] void uint_start(long L, unsigned long n, float* __restrict__ y) {
  exo::assume(n <= 1000);
  [[exo::parallel(block)]] for (unsigned b = L; b < n; b += 2)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      if (b == 7) y[t] = 6.0f;
}

[[exo::kernel]] void int_start(long L, long n, float* __restrict__ y) {
  exo::assume(n <= 100 && n >= -30000 && L <= 5000000000L && L >= 0);
  [[exo::parallel(block)]] for (int b = L; b < n; b += 3)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t)
      if (b == 5) y[t] = 7.0f;
}
