// A block loop whose condition converts the variable (int b against unsigned n) from a
// start that may be negative: the launcher's (hi - lo) block count would not be C++'s.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: :[[@LINE+4]]:49: error: block loop compares 'b' as 'unsigned' (C++ converts it to the bound's type), so a negative start would end the loop at once; start it at a constant >= 0 or declare 'b' as 'unsigned'
#include <exo/exo.hpp>

[[exo::kernel]] void k(int lo, unsigned n, float* y) {
  [[exo::parallel(block)]] for (int b = lo; b < n; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[b * 32 + t] = 1.f;
}
