// A read of a read-only global array with a declared shape (exo::extent) at an index the
// prover cannot model: it has neither a race proof (nothing writes the array) nor a bounds
// proof, and was accepted (review of the eighteenth session: both reads below go one past
// the end for some inputs; AddressSanitizer on the generated CUDA confirmed it). It is now
// "cannot prove". Without exo::extent the pointer is read unchecked, as documented, and
// --summary names it.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include 2>&1 | FileCheck %s
// RUN: %exo-cuda --check-only --summary %s -- -I%exo-include -DUNCHECKED 2>&1 | FileCheck %s --check-prefix=SUMMARY
#include <exo/exo.hpp>

[[exo::kernel]]
void shifted(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 256 == 0 && n >= 256 && n <= (1 << 24));
#ifndef UNCHECKED
  exo::extent(x, n);
#endif
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      int j = b * 256 + t;
      j += 1;  // x[n] at the last thread
      // CHECK: racy_extent_unmodelled_read.cpp:[[@LINE+1]]:24: error: cannot prove that the access 'x[j]' is inside the extent of 'x', because its index 'j' cannot be modelled: 'j' is assigned at run time; write indices as affine functions of loop variables and scalar parameters, or declare no exo::extent for 'x' (its reads are then unchecked; --summary lists it)
      y[b * 256 + t] = x[j];
    }
}

[[exo::kernel]]
void gather(int n, int m, const int* __restrict__ idx, const float* __restrict__ src, float* __restrict__ out) {
  exo::assume(n % 256 == 0 && n >= 256 && n <= (1 << 24) && m > 0 && m <= (1 << 24));
  exo::extent(idx, n);
#ifndef UNCHECKED
  exo::extent(src, m);
#endif
  exo::extent(out, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
      const int j = idx[b * 256 + t];
      // Since idx (a const int input the kernel never writes) is modelled, the prover
      // shows the data that reads past the end.
      // CHECK: racy_extent_unmodelled_read.cpp:[[@LINE+3]]:49: error: index 'j' (= 1) of 'src' out of bounds (extent 1) for thread (0) of block (0)
      // CHECK: note: the extent here
      // CHECK: racy_extent_unmodelled_read.cpp:[[@LINE+1]]:49: note: for example with n = 256, m = 1; idx[0] = 1
      out[b * 256 + t] = j >= 0 && j <= m ? src[j] : 0.f;  // 'j <= m': src[m] is past the end
    }
}
// CHECK: 2 errors generated.
// SUMMARY: kernel 'shifted'{{.*}}global arrays inside their exo::extent: y; bounds NOT checked for global arrays without exo::extent: x
// SUMMARY: kernel 'gather'{{.*}}global arrays inside their exo::extent: idx, out; bounds NOT checked for global arrays without exo::extent: src
