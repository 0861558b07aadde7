// A kernel's [[exo::reduce(add)]] parameter: a pointer to elements atomicAdd adds (not
// const), accessed only as the target of '+=' whose addition atomicAdd performs as C++
// does. Each misuse gets one error and no output file.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DREAD 2>&1 | FileCheck --check-prefix=READ %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DASSIGN 2>&1 | FileCheck --check-prefix=ASSIGN %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DDOUBLE 2>&1 | FileCheck --check-prefix=DOUBLE %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DFLOATINT 2>&1 | FileCheck --check-prefix=FLOATINT %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DCONST 2>&1 | FileCheck --check-prefix=CONST %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DSHORT 2>&1 | FileCheck --check-prefix=SHORT %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DSCALAR 2>&1 | FileCheck --check-prefix=SCALAR %s
// RUN: not %exo-cuda --check-only %s -- -I%exo-include -DPLAINWRITE 2>&1 | FileCheck --check-prefix=PLAINWRITE %s
// RUN: rm -rf %t && mkdir -p %t && not %exo-cuda --out-dir %t %s -- -I%exo-include -DREAD 2>/dev/null && not ls %t/kernel_reduce_errors.cu
// RUN: %exo-cuda --check-only %s -- -I%exo-include
#include <exo/exo.hpp>

// An instruction that reduces into its operand with its own CUDA form: the kernel may
// pass it a reduction parameter, whatever its meaning adds (the CUDA form is the
// instruction's, not an atomicAdd the printer writes).
namespace my {
[[exo::instr(thread, "my.hpp", "my::gpu::add_scaled")]]
inline void add_scaled([[exo::reduce(add)]] float* dst, int i, double v) { dst[i] += v * 0.5; }
}  // namespace my

#if defined(SHORT)
#define BINS short* __restrict__ bins
// SHORT: kernel_reduce_errors.cpp:[[@LINE+5]]:{{[0-9]+}}: error: kernel parameter 'bins' is '{{\[\[}}exo::reduce(add)]]', but its elements are 'short', which exo-cuda does not add atomically; use 'int', 'unsigned', 'long', 'unsigned long', 'float' or 'double' elements
#else
#define BINS int* __restrict__ bins
#endif
[[exo::kernel]]
void histogram(int n, const int* __restrict__ x, [[exo::reduce(add)]] BINS) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(x, n);
  exo::extent(bins, 16);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int v = x[b * 64 + t] & 15;
#if defined(READ)
    // READ: kernel_reduce_errors.cpp:[[@LINE+1]]:9: error: the kernel reads 'bins', which is '{{\[\[}}exo::reduce(add)]]': the kernel may only add to its elements ('bins[i] += value', atomic on the GPU); read the sums after the kernel (another kernel, or the host)
    if (bins[v] < 100) bins[v] += 1;
#elif defined(ASSIGN)
    // ASSIGN: kernel_reduce_errors.cpp:[[@LINE+1]]:5: error: the kernel assigns to 'bins', which is '{{\[\[}}exo::reduce(add)]]': the kernel may only add to its elements ('bins[i] += value', atomic on the GPU); add to it with '+=' (for '-= v', write '+= -v'), or drop the attribute
    bins[v] = 1;
#elif defined(FLOATINT)
    // FLOATINT: kernel_reduce_errors.cpp:[[@LINE+1]]:5: error: the kernel adds a floating-point value to 'bins'{{.*}}; C++ adds in floating point and truncates, atomicAdd adds integers: convert it first
    bins[v] += 0.5f;
#else
    bins[v] += 1;
#endif
  }
}

[[exo::kernel]]
#if defined(SCALAR)
// SCALAR: kernel_reduce_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel parameter 'total' is '{{\[\[}}exo::reduce(add)]]', but it is not a pointer: only an array in global memory can be reduced into; pass a pointer, or drop the attribute
void sums(int n, const float* __restrict__ a, [[exo::reduce(add)]] float total) {
#else
void sums(int n, const float* __restrict__ a, [[exo::reduce(add)]] float* __restrict__ total) {
#endif
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(a, n);
#if !defined(SCALAR)
  exo::extent(total, 1);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
#if defined(DOUBLE)
    // DOUBLE: kernel_reduce_errors.cpp:[[@LINE+1]]:5: error: the kernel adds a 'double' value to 'total'{{.*}}; C++ adds in double and rounds once, atomicAdd rounds the value to float first: convert it ('static_cast<float>(v)')
    total[0] += a[b * 64 + t] * 0.5;
#elif defined(PLAINWRITE)
    // PLAINWRITE: kernel_reduce_errors.cpp:[[@LINE+1]]:5: error: the kernel assigns to 'total'
    total[0] -= a[b * 64 + t];
#else
    const float v = a[b * 64 + t];
    total[0] += v;
    my::add_scaled(total, 0, v);
#endif
  }
#endif
}

#if defined(CONST)
[[exo::kernel]]
// CONST: kernel_reduce_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel parameter 'c' is '{{\[\[}}exo::reduce(add)]]', but it points to const: a reduction writes its elements; drop the 'const'
void copy(int n, [[exo::reduce(add)]] const int* __restrict__ c, int* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(c, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[b * 64 + t] = c[b * 64 + t];
}
#endif
