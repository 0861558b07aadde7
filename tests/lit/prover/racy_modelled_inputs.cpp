// The kernels of ok_modelled_inputs.cpp without their guards. An integer input the kernel
// only reads may hold any value of its type, so each is refused with the data that
// breaks it (the witness lists the input elements it reads: a run of the program on that
// data). An integer array that is not 'const' is not modelled.
// RUN: not %exo-cuda --check-only %s -- -I%exo-include 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]]
void spmv_csr(int rows, int nnz, int cols, const int* __restrict__ rowptr, const int* __restrict__ col,
              const float* __restrict__ val, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(rows % 64 == 0 && rows <= (1 << 24) && nnz >= 0 && nnz <= (1 << 28) && cols <= (1 << 24));
  exo::extent(rowptr, rows + 1);
  exo::extent(col, nnz);
  exo::extent(val, nnz);
  exo::extent(x, cols);
  exo::extent(y, rows);
  [[exo::parallel(block)]] for (int b = 0; b < rows / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int r = b * 64 + t;
    float sum = 0.f;
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+6]]:{{[0-9]+}}: error: index 'j' (= -1) of 'val' out of bounds (extent 0)
    // CHECK: note: for example with rows = 64, nnz = 0, cols = 0; j = -1; rowptr[0] = -1, rowptr[1] = 0
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+4]]:{{[0-9]+}}: error: index 'col[j]' (= -1) of 'x' out of bounds (extent 0)
    // CHECK: note: for example with rows = 64, nnz = 0, cols = 0; j = 0; rowptr[0] = 0, rowptr[1] = 1, col[0] = -1
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+2]]:{{[0-9]+}}: error: index 'j' (= -1) of 'col' out of bounds (extent 0)
    // CHECK: note: for example with rows = 64, nnz = 0, cols = 0; j = -1; rowptr[0] = -1, rowptr[1] = 0
    for (int j = rowptr[r]; j < rowptr[r + 1]; ++j) sum += val[j] * x[col[j]];
    y[r] = sum;
  }
}

// A permutation would make this race-free, but nothing says idx is one: two blocks may
// write one element.
[[exo::kernel]]
void scatter(int n, const int* __restrict__ perm, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(perm, n);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int p = perm[b * 64 + t];
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+2]]:26: error: blocks ({{[01]}}) and ({{[01]}}) both write 'y' element y[0]; blocks cannot synchronize
    // CHECK: note: for example with n = 128; perm[{{[0-9]+}}] = 0, perm[{{[0-9]+}}] = 0
    if (p >= 0 && p < n) y[p] = x[b * 64 + t];
  }
}

// Input arithmetic the prover uses is checked for overflow like any other: i * 65536 is
// not i's multiple for i >= 32768.
[[exo::kernel]]
void wrapped(int n, const int* __restrict__ idx, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(idx, n);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int i = idx[b * 64 + t];
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+2]]:{{[0-9]+}}: error: the product 'i * 65536' in the index of 'x' may overflow 'int'
    // CHECK: note: for example with n = {{[0-9]+}}; idx[{{[0-9]+}}] = {{[0-9]+}}
    if (i >= 0 && i < n) y[b * 64 + t] = x[(i * 65536) / 65536];
  }
}

// A row length that bounds a loop is used by the prover: its overflow is reported.
[[exo::kernel]]
void row_loop(int rows, const int* __restrict__ rowptr, int* __restrict__ out) {
  exo::assume(rows % 64 == 0 && rows <= (1 << 24));
  exo::extent(rowptr, rows + 1);
  exo::extent(out, rows);
  [[exo::parallel(block)]] for (int b = 0; b < rows / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int r = b * 64 + t;
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+2]]:{{[0-9]+}}: error: the difference 'rowptr[r + 1] - rowptr[r]' in the initializer of 'n' may overflow 'int'
    // CHECK: note: for example with rows = 64; rowptr[1] = {{-?[0-9]+}}, rowptr[0] = {{-?[0-9]+}}
    const int n = rowptr[r + 1] - rowptr[r];
    for (int i = 0; i < n; ++i) out[r] = i;
  }
}

// The barrier runs only when mode[b] != 0: with mode[b] == 0 the reversed read races.
[[exo::kernel]]
void reverse_if(int n, const int* __restrict__ mode, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(mode, n / 64);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b) {
    [[exo::shared]] float s[64];
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) s[t] = x[b * 64 + t];
    if (mode[b] != 0) {
      [[exo::sync(block)]];
    }
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+2]]:{{[0-9]+}}: error: data race on 's': thread ({{[0-9]+}}) of block (0) writes s[{{[0-9]+}}] that thread ({{[0-9]+}}) of block (0) reads with no 'exo::sync(block)' between them
    // CHECK: note: for example with n = 64; mode[0] = 0
    [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[b * 64 + t] = s[63 - t];
  }
}

// Not 'const': not modelled, whether or not the kernel writes it.
[[exo::kernel]]
void gather_mutable(int n, int* __restrict__ idx, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 64 == 0 && n <= (1 << 24));
  exo::extent(idx, n);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    const int i = idx[b * 64 + t];
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+1]]:{{[0-9]+}}: error: cannot prove that the access 'x[i]' is inside the extent of 'x', because its index 'i' cannot be modelled: it depends on data read from 'idx' at run time, and only a 'const' integer input that the kernel never writes is modelled
    y[b * 64 + t] = i >= 0 && i < n ? x[i] : 0.f;
  }
}
// A scalar computed from input data that guards an access (through a '?:' condition or
// a bool) is used by the prover: its overflow is checked. With k = 2 and idx[i] = INT_MIN
// + 1, s wraps to 2 and the read of x went out of bounds (review of the twenty-fourth
// session: proven, and out of bounds on the H200).
[[exo::kernel]]
void guard_scalar(int n, int m, int k, const int* __restrict__ idx, const float* __restrict__ x,
                  float* __restrict__ y, float* __restrict__ z) {
  exo::assume(n % 64 == 0 && n <= (1 << 24) && m > 0 && m <= (1 << 20) && k >= 1 && k <= 4);
  exo::extent(idx, n);
  exo::extent(x, m);
  exo::extent(y, n);
  exo::extent(z, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 64; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) {
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+2]]:{{[0-9]+}}: error: the product 'idx[b * 64 + t] * k' in the initializer of 's' may overflow 'int'
    // CHECK: note: for example with n = {{[0-9]+}}, m = {{[0-9]+}}, k = {{[0-9]+}}; idx[{{[0-9]+}}] = {{-?[0-9]+}}
    const int s = idx[b * 64 + t] * k;
    y[b * 64 + t] = s >= 0 && s < k * m ? x[idx[b * 64 + t]] : 0.f;
    // CHECK: racy_modelled_inputs.cpp:[[@LINE+2]]:{{[0-9]+}}: error: the product 'idx[b * 64 + t] * 2' in the initializer of 'd' may overflow 'int'
    // CHECK: note: for example with n = {{[0-9]+}}, m = {{[0-9]+}}, k = {{[0-9]+}}; idx[{{[0-9]+}}] = {{-?[0-9]+}}
    const int d = idx[b * 64 + t] * 2;
    const bool inside = d >= 0 && d < 2 * m;
    z[b * 64 + t] = inside ? x[idx[b * 64 + t]] : 0.f;
  }
}
// CHECK: 10 errors generated.
