// Kernels for the generated header (--header): one at the top level, two in nested
// namespaces, one with a parameter named 'stream' (its launcher's stream is exo_stream).
#include <exo/exo.hpp>

[[exo::kernel]]
void top(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 32 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 32; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] = 2.f * x[b * 32 + t];
}

namespace lib {
namespace inner {
[[exo::kernel]] void nested(long n, int stream, double* __restrict__ y) {
  exo::assume(n == 64);
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[t] = stream;
}
[[exo::kernel]] void second(unsigned k, bool flag, int* __restrict__ out) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) out[t] = flag ? (int)k : t;
}
}  // namespace inner
}  // namespace lib
