// err_reserved_name: the generated CUDA names its own variables exo_*, reads CUDA's
// built-ins and returns the runtime's error codes; user names may not hide them (review of
// the fifteenth session: parameters named threadIdx or cudaSuccess gave CUDA nvcc rejects).
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only %s -- -DFIXED 2>&1 | count 0
#include <exo/exo.hpp>

#ifdef FIXED
#define NAME tid
#define P1 ids
#define P2 ok
#define P3 kk
#else
#define NAME exo_tid
#define P1 threadIdx
#define P2 cudaSuccess
#define P3 k_kernel
#endif

[[exo::kernel]]
// CHECK: err_reserved_name.cpp:[[@LINE+3]]:12: error: 'threadIdx' is reserved: it is a CUDA built-in variable, which the generated CUDA reads; rename it
// CHECK: err_reserved_name.cpp:[[@LINE+2]]:20: error: 'cudaSuccess' is reserved: names starting with 'cuda' belong to the CUDA runtime, which the generated launcher calls; rename it
// CHECK: err_reserved_name.cpp:[[@LINE+1]]:28: error: 'k_kernel' is reserved: the generated CUDA kernel is named 'k_kernel'; rename it
void k(int P1, int P2, int P3, int n, float* __restrict__ out) {
  exo::assume(n <= 65536);
  [[exo::parallel(block)]] for (int b = 0; b < n; ++b)
    // CHECK: err_reserved_name.cpp:[[@LINE+1]]:40: error: 'exo_tid' is reserved: names starting with 'exo_' are used by the generated CUDA; rename it
    [[exo::parallel(thread)]] for (int NAME = 0; NAME < 32; ++NAME) out[b * 32 + NAME] = 1.f;
}
// CHECK-NOT: error:
// CHECK: 4 errors generated.
