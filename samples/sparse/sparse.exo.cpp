// sparse: kernels that index by data. Two things make them provable:
//  - integer inputs the kernel only reads (`const int*`, `const unsigned char*`) are
//    modelled: each element is one value of its type, any value, the same for every
//    thread. So a row's range read from `rowptr` or a column from `col` is an index the
//    prover follows, and the guards below are what makes every access in bounds for any
//    data (drop one and exo-cuda shows the data that reads out of bounds);
//  - `[[exo::reduce(add)]]` on an output the kernel only adds to: each `+=` is one
//    atomicAdd on the GPU, and two of them are no race.
#include <exo/exo.hpp>

// y = A x for A in CSR form (rows rowptr[r] .. rowptr[r + 1] - 1 of col / val), one row
// per thread. Malformed rows are clamped to [0, nnz) and columns outside [0, cols)
// skipped, so no input can make the kernel read out of bounds.
[[exo::kernel]]
void spmv_csr(int rows, int nnz, int cols, const int* __restrict__ rowptr, const int* __restrict__ col,
              const float* __restrict__ val, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(rows % 128 == 0 && rows <= (1 << 24) && nnz >= 0 && nnz <= (1 << 28) && cols > 0 && cols <= (1 << 24));
  exo::extent(rowptr, rows + 1);
  exo::extent(col, nnz);
  exo::extent(val, nnz);
  exo::extent(x, cols);
  exo::extent(y, rows);
  [[exo::parallel(block)]] for (int b = 0; b < rows / 128; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
    const int r = b * 128 + t;
    const int begin = rowptr[r] < 0 ? 0 : rowptr[r];
    const int end = rowptr[r + 1] > nnz ? nnz : rowptr[r + 1];
    float sum = 0.f;
    for (int j = begin; j < end; ++j) {
      const int c = col[j];
      if (c >= 0 && c < cols) sum += val[j] * x[c];
    }
    y[r] = sum;
  }
}

// bins[v] += 1 for every byte v of x: 256 bins that every thread may add to. Each block
// takes 256 bytes; the additions to one bin commute, so their order does not matter.
[[exo::kernel]]
void histogram(int n, const unsigned char* __restrict__ x, [[exo::reduce(add)]] unsigned* __restrict__ bins) {
  exo::assume(n % 256 == 0 && n <= (1 << 30));
  exo::extent(x, n);
  exo::extent(bins, 256);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) bins[x[b * 256 + t]] += 1;
}

// out[idx[i]] += v[i] for the indices inside out (an embedding's gradient, a graph's
// messages): several threads may add to one element. The GPU adds floats with the
// sequential program's IEEE rounding, in some order (a compare-and-swap loop: the float
// atomicAdd of sm_90 would flush subnormals to zero).
[[exo::kernel]]
void scatter_add(int n, int m, const int* __restrict__ idx, const float* __restrict__ v,
                 [[exo::reduce(add)]] float* __restrict__ out) {
  exo::assume(n % 256 == 0 && n <= (1 << 30) && m > 0 && m <= (1 << 30));
  exo::extent(idx, n);
  exo::extent(v, n);
  exo::extent(out, m);
  [[exo::parallel(block)]] for (int b = 0; b < n / 256; ++b)
  [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t) {
    const int i = idx[b * 256 + t];
    if (i >= 0 && i < m) out[i] += v[b * 256 + t];
  }
}

