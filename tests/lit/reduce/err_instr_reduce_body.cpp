// A '[[exo::reduce(add)]]' operand may only be added to in the instruction's meaning:
// a read of it, or an assignment other than '+=', is not one atomic addition.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DREAD 2>&1 | FileCheck --check-prefix=READ %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DASSIGN 2>&1 | FileCheck --check-prefix=ASSIGN %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DCONST 2>&1 | FileCheck --check-prefix=CONST %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DSCALAR 2>&1 | FileCheck --check-prefix=SCALAR %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DALIAS 2>&1 | FileCheck --check-prefix=ALIAS %s
// RUN: %exo-cuda --check-only %s -- -I%exo-include
#include <exo/exo.hpp>
namespace my {
[[exo::instr(thread, "my.hpp", "my::gpu::add")]]
#if defined(CONST)
inline void add([[exo::reduce(add)]] const float* dst, int i, float v) { (void)dst; (void)i; (void)v; }
#elif defined(SCALAR)
inline void add([[exo::reduce(add)]] float dst, int i, float v) { (void)dst; (void)i; (void)v; }
#else
inline void add([[exo::reduce(add)]] float* dst, int i, float v) {
#if defined(READ)
  dst[i] += dst[i] > v ? 0.f : v;
#elif defined(ASSIGN)
  dst[i] = v;
#else
  dst[i] += v;
#endif
}
#endif
[[exo::instr(thread, "my.hpp", "my::gpu::add_from")]]
inline void add_from([[exo::reduce(add)]] float* dst, const float* src, int i) { dst[i] += src[i]; }
}  // namespace my
// READ: err_instr_reduce_body.cpp:19:13: error: the body of instruction 'my::add' reads its '{{\[\[}}exo::reduce(add){{\]\]}}' operand 'dst'; a reduction operand may only be added to ('dst[i] += value'), which the GPU does atomically
// ASSIGN: err_instr_reduce_body.cpp:21:3: error: the body of instruction 'my::add' assigns to its '{{\[\[}}exo::reduce(add){{\]\]}}' operand 'dst'
// CONST: err_instr_reduce_body.cpp:13:51: error: parameter 'dst' of instruction 'my::add' is '{{\[\[}}exo::reduce(add){{\]\]}}' but points to const: a reduction writes its operand
// SCALAR: err_instr_reduce_body.cpp:15:44: error: parameter 'dst' of instruction 'my::add' is '{{\[\[}}exo::reduce(add){{\]\]}}', which only a pointer to global memory can be

[[exo::kernel]] void k(const float* __restrict__ x, float* __restrict__ y) {
  exo::extent(x, 256);
  exo::extent(y, 8);
  [[exo::parallel(block)]] for (int b = 0; b < 8; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) {
    float v = x[32 * b + t];
#if defined(SCALAR)
    my::add(v, t % 8, v);
#else
    my::add(y, t % 8, v);  // every block and thread adds into y: they commute
#endif
#if defined(ALIAS)
    my::add_from(y, y, t % 8);
#endif
  }
}
// ALIAS: err_instr_reduce_body.cpp:47:21: error: operand 'src' of 'my::add_from' must be an array other than 'y', which operand 'dst' reduces into atomically
