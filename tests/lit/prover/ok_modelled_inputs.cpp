// Integer inputs the kernel only reads (`const int*`, `const unsigned char*`, ...; never
// written, and no written pointer may alias them) are modelled: element i is one value of
// its type for the whole launch, the same for every thread. Indices, loop bounds and
// conditions that read them are then proven like any other: a gather guarded by a bounds
// test, a lookup table indexed by bytes, a phase skipped
// by a flag every thread reads alike. (The same kernels unguarded, with the data that
// breaks them: racy_modelled_inputs.cpp.) The emulation test runs them on random data.
// RUN: %exo-cuda --check-only %s -- -I%exo-include
#include <exo/exo.hpp>

[[exo::kernel]]
void gather(int n, int m, const int* __restrict__ idx, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24) && m > 0 && m <= (1 << 24));
  exo::extent(idx, n);
  exo::extent(x, m);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int i = idx[b * 64 + t];
    y[b * 64 + t] = i >= 0 && i < m ? x[i] : 0.f;
  }
}

// CSR rows clamped to the arrays: samples/sparse (spmv_csr), proven and emulated with
// the samples, and run on the H200 by its GPU driver.

// A byte indexes a table of 256 entries: its type bounds it. The masked int too.
[[exo::kernel]]
void lookup(int n, const unsigned char* __restrict__ bytes, const int* __restrict__ codes, const float* __restrict__ table,
            float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(bytes, n);
  exo::extent(codes, n);
  exo::extent(table, 256);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t)
    y[b * 64 + t] = table[bytes[b * 64 + t]] + table[codes[b * 64 + t] & 255];
}

// Every thread of block b reads mode[b] alike: the barrier under it is reached by all of
// the block's threads or by none, and the phase it orders runs only with it.
[[exo::kernel]]
void reverse_if(int n, const int* __restrict__ mode, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(mode, n / 64);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b) {
    [[exo::shared]] float s[64];
    if (mode[b] != 0) {
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) s[t] = x[b * 64 + t];
      [[exo::sync(block)]];
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[b * 64 + t] = s[63 - t];
    } else {
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[b * 64 + t] = x[b * 64 + t];
    }
  }
}

// Arithmetic on input data whose value only reaches stored values is not checked for
// overflow (the data decides, as for any stored value): the prover never uses it.
[[exo::kernel]]
void row_lengths(int rows, const int* __restrict__ rowptr, int* __restrict__ len) {
  exo::assume(rows % 64 == 0 && rows <= (1 << 24));
  exo::extent(rowptr, rows + 1);
  exo::extent(len, rows);
  [[exo::parallel(block)]] for (int b = 0; b < rows / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int n = rowptr[b * 64 + t + 1] - rowptr[b * 64 + t];
    const int twice = n + n;  // through a second scalar too (final review of the session)
    len[b * 64 + t] = twice;
  }
}

// A persistent kernel: its two-tile model gives the second tile fresh pointers, each
// modelled as an input of its own (it was refused: final review of the session).
[[exo::kernel]]
void gather_persistent(int n, int m, const int* __restrict__ idx, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24) && m > 0 && m <= (1 << 24));
  exo::extent(idx, n);
  exo::extent(x, m);
  exo::extent(y, n);
  [[exo::parallel(persistent)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int i = idx[b * 64 + t];
    y[b * 64 + t] = i >= 0 && i < m ? x[i] : 0.f;
  }
}
