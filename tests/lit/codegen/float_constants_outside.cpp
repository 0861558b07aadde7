// Floating-point constants declared outside the kernel (`constexpr float kEps = 1e-5f;`,
// one computed from another, one in a namespace, a `const double` with a constant
// initializer): each is its value, printed as a hexadecimal literal that g++ and nvcc
// read alike, with the constant's name in a comment. They were refused before the
// twenty-third session ("a reference to 'kEps' from outside the kernel"; a probe of
// typical kernels: layernorm's epsilon). A global that is not a constant (or is volatile)
// still is.
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s < %t.cu
// CHECK: y[b * 256 + t] = (float)(x[b * 256 + t] * (0x1.5555555555555p-2 /* kThird */)) / (x[b * 256 + t] + (0x1.4f8b58p-17f /* kEps */) + (0x1.4f8b58p-18f /* kHalfEps */));
// CHECK: z[b * 256 + t] = (0x1.8p+1 /* kThree */) * z[b * 256 + t];
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %s | FileCheck %s --check-prefix=EMU
// EMU: emulation: 1 of 1 kernels match the sequential program
// RUN: sed -e 's|^const double kThree = 3.0;|double kThree = 3.0;|' %s > %t.mutable.cpp
// RUN: not %exo-cuda --check-only %t.mutable.cpp -- -I%exo-include 2>&1 | FileCheck %s --check-prefix=MUTABLE
// MUTABLE: error: a reference to 'kThree' from outside the kernel is not supported in an exo kernel; pass it as a parameter or make it a constexpr integer or floating-point constant
// RUN: sed -e 's|^const double kThree = 3.0;|const volatile double kThree = 3.0;|' %s > %t.volatile.cpp
// RUN: not %exo-cuda --check-only %t.volatile.cpp -- -I%exo-include 2>&1 | FileCheck %s --check-prefix=MUTABLE
#include <exo/exo.hpp>

constexpr float kEps = 1e-5f;
constexpr double kThird = 1.0 / 3.0;
namespace cfg {
constexpr float kHalfEps = kEps * 0.5f;
}
const double kThree = 3.0;

[[exo::kernel]]
void normalize(int n, const float* __restrict__ x, float* __restrict__ y, double* __restrict__ z) {
  exo::assume(n % 256 == 0 && n <= (1 << 20));
  exo::extent(x, n);
  exo::extent(y, n);
  exo::extent(z, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
    y[b * 256 + t] = static_cast<float>(x[b * 256 + t] * kThird) / (x[b * 256 + t] + kEps + cfg::kHalfEps);
    z[b * 256 + t] = kThree * z[b * 256 + t];
  }
}
