// CPU check of the sparse sample: the sequential kernels against plain loops.
#include "sparse.exo.cpp"

#include "sparse_data.hpp"

int main() {
  bool ok = true;
  {
    const sparse::Csr m = sparse::random_csr(128 * 9, 700, 6, 1);
    std::vector<float> x(m.cols), y(m.rows, -1.f);
    sample::fill_random(x, 2);
    spmv_csr(m.rows, m.nnz, m.cols, m.rowptr.data(), m.col.data(), m.val.data(), x.data(), y.data());
    ok &= sample::check("sparse/spmv", "rows=1152 cols=700", y, sparse::spmv_reference(m, x), 1e-6);
  }
  {
    const int n = 256 * 13;
    const std::vector<unsigned char> x = sparse::random_bytes(n, 3);
    std::vector<unsigned> bins(256, 7u), ref(256, 7u);  // a reduction adds to what is there
    for (unsigned char v : x) ref[v] += 1;
    histogram(n, x.data(), bins.data());
    ok &= sample::check("sparse/histogram", "n=3328", sparse::as_float(bins), sparse::as_float(ref), 0);
  }
  {
    const int n = 256 * 7, m = 300;
    std::vector<int> idx(n);
    for (int i = 0; i < n; ++i) idx[i] = (i * 37) % (m + 20) - 10;  // some outside [0, m)
    std::vector<float> v(n), out(m, 0.5f), ref(m, 0.5f);
    sample::fill_random(v, 4);
    for (int i = 0; i < n; ++i)
      if (idx[i] >= 0 && idx[i] < m) ref[idx[i]] += v[i];
    scatter_add(n, m, idx.data(), v.data(), out.data());
    ok &= sample::check("sparse/scatter", "n=1792 m=300", out, ref, 0);
  }
  return ok ? 0 : 1;
}
