// Two unordered '+=' of one element of a global array (a histogram without the
// attribute): a race and a cross-block conflict, each with the note that says how to make
// the additions atomic; the note does not propose a barrier that cannot help.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]]
void histogram(int n, const int* __restrict__ x, int* __restrict__ bins) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(x, n);
  exo::extent(bins, 64);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    // CHECK: suggest_reduce_param.cpp:[[@LINE+7]]:5: error: blocks ({{[01]}}) and ({{[01]}}) both access 'bins' element bins[0]
    // CHECK: note: for example with n = 128; x[{{[0-9]+}}] = {{-?[0-9]+}}, x[{{[0-9]+}}] = {{-?[0-9]+}}
    // CHECK: suggest_reduce_param.cpp:[[@LINE+5]]:5: note: both accesses add to 'bins' ('+='): if the kernel only adds to 'bins', mark the parameter '{{\[\[}}exo::reduce(add)]]', and the GPU adds atomically
    // CHECK: suggest_reduce_param.cpp:[[@LINE+4]]:5: error: data race on 'bins'
    // CHECK: suggest_reduce_param.cpp:[[@LINE+3]]:5: note: both accesses add to 'bins' ('+='): if the kernel only adds to 'bins', mark the parameter '{{\[\[}}exo::reduce(add)]]', and the GPU adds atomically
    // CHECK-NOT: note:
    // CHECK: 2 errors generated.
    bins[x[b * 64 + t] & 63] += 1;
}
