// A review's false accept: the right-hand side of an atomic '+=' read an array that
// other threads reduce into, and that read was taken for part of the atomic access. Only
// the target of the '+=' is atomic; the read of x[t] below races with thread t - 1's
// reduction of x[t] (sequentially, thread t sees it done; on the GPU, either order).
// RUN: not %exo-cuda --check-only %s -- -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>
namespace my {
[[exo::instr(thread, "my.hpp", "my::gpu::add")]]
inline void add([[exo::reduce(add)]] float* dst, int i, float v) { dst[i] += v; }
[[exo::instr(thread, "my.hpp", "my::gpu::add_from")]]
inline void add_from([[exo::reduce(add)]] float* dst, const float* src, int i) { dst[i] += src[i]; }
}  // namespace my
[[exo::kernel]] void k(float* __restrict__ x, float* __restrict__ y) {
  exo::extent(x, 32);
  exo::extent(y, 32);
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    my::add(x, (t + 1) % 32, 1.f);
    my::add_from(y, x, t);
  }
}
// CHECK: error: data race on 'x'
// CHECK: note: 'my::add' adds to 'x' atomically, which makes concurrent reductions of one element commute, but not a reduction and another access
