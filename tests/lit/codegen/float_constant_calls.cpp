// Floating-point constants spelled as calls: `INFINITY` and `NAN` (glibc's macros expand
// to `__builtin_inff()` and `__builtin_nanf("")`), `HUGE_VALF`, and std::numeric_limits'
// infinity(), max(), lowest(), epsilon(), denorm_min(). A softmax starts its running
// maximum at `-INFINITY`; it was refused ("a call to '__builtin_inff' is not supported",
// naming a builtin the user never wrote: a probe of typical kernels, twentieth session).
// Each is its value, printed so that g++ and nvcc read the same one: a builtin for
// infinity and NaN, a hexadecimal literal else. Calls with arguments are not folded
// (a math call evaluated by the compiler may differ from the GPU's by an ulp).
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s < %t.cu
// CHECK: y[t * 6 + 0] = fmaxf(x[t], -__builtin_inff());
// CHECK: y[t * 6 + 1] = fminf(x[t], 0x1.fffffep+127f);
// CHECK: y[t * 6 + 2] = x[t] > 0.5f ? -0x1.fffffep+127f : 0x1p-23f;
// CHECK: y[t * 6 + 3] = x[t] < 0.f ? __builtin_nanf("") : __builtin_inff();
// CHECK: y[t * 6 + 4] = __builtin_inff() - x[t];
// CHECK: y[t * 6 + 5] = 0x1p-149f;
// CHECK: z[t * 2 + 0] = 0x1.fffffffffffffp+1023;
// CHECK: z[t * 2 + 1] = -__builtin_inf();
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
// EMU: emulation: 1 of 1 kernels match the sequential program
#include <exo/exo.hpp>

#include <cmath>
#include <limits>

[[exo::kernel]]
void consts(const float* __restrict__ x, float* __restrict__ y, double* __restrict__ z) {
  exo::extent(x, 64);
  exo::extent(y, 64 * 6);
  exo::extent(z, 64 * 2);
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    y[t * 6 + 0] = fmaxf(x[t], -INFINITY);
    y[t * 6 + 1] = fminf(x[t], std::numeric_limits<float>::max());
    y[t * 6 + 2] = x[t] > 0.5f ? std::numeric_limits<float>::lowest() : std::numeric_limits<float>::epsilon();
    y[t * 6 + 3] = x[t] < 0.f ? NAN : HUGE_VALF;
    y[t * 6 + 4] = std::numeric_limits<float>::infinity() - x[t];
    y[t * 6 + 5] = std::numeric_limits<float>::denorm_min();
    z[t * 2 + 0] = std::numeric_limits<double>::max();
    z[t * 2 + 1] = -std::numeric_limits<double>::infinity();
  }
}
