// Inputs of the sparse sample's drivers (main.cpp on the CPU, gpu_main.cu on the GPU):
// a random CSR matrix with some malformed entries, and the plain-loop references.
#ifndef EXO_SPARSE_DATA_HPP
#define EXO_SPARSE_DATA_HPP

#include <algorithm>
#include <cstdint>
#include <vector>

#include "../common/sample_util.hpp"

namespace sparse {

struct Csr {
  int rows = 0, cols = 0, nnz = 0;
  std::vector<int> rowptr, col;
  std::vector<float> val;
};

// rows x cols with 0 to 2 * avg entries per row (fixed-seed LCG). Every 97th column index
// is out of range (-1 or cols) and every 101st row starts before 0: data the kernel must
// survive, and skip, as the reference does.
inline Csr random_csr(int rows, int cols, int avg, uint32_t seed) {
  Csr m;
  m.rows = rows;
  m.cols = cols;
  uint32_t s = seed * 2654435761u + 7u;
  auto next = [&s]() { return s = s * 1664525u + 1013904223u, s >> 8; };
  m.rowptr.push_back(0);
  for (int r = 0; r < rows; ++r) {
    const int len = static_cast<int>(next() % static_cast<uint32_t>(2 * avg + 1));
    for (int k = 0; k < len; ++k) {
      const int c = static_cast<int>(next() % static_cast<uint32_t>(cols));
      m.col.push_back(m.col.size() % 97 == 96 ? (k % 2 ? -1 : cols) : c);
    }
    m.rowptr.push_back(static_cast<int>(m.col.size()));
  }
  for (int r = 100; r < rows; r += 101) m.rowptr[r] = -5;  // a malformed start: clamped to 0
  m.nnz = static_cast<int>(m.col.size());
  m.val.resize(m.col.size());
  sample::fill_random(m.val, seed + 1);
  return m;
}

// The reference: each row's entries in [max(rowptr[r], 0), min(rowptr[r + 1], nnz)) whose
// column is a column of x, in order.
inline std::vector<float> spmv_reference(const Csr& m, const std::vector<float>& x) {
  std::vector<float> y(m.rows);
  for (int r = 0; r < m.rows; ++r) {
    float sum = 0.f;
    for (int j = std::max(m.rowptr[r], 0); j < std::min(m.rowptr[r + 1], m.nnz); ++j)
      if (m.col[j] >= 0 && m.col[j] < m.cols) sum += m.val[j] * x[m.col[j]];
    y[r] = sum;
  }
  return y;
}

// Random bytes, skewed so that some bins get many more additions than others.
inline std::vector<unsigned char> random_bytes(int n, uint32_t seed) {
  std::vector<unsigned char> x(n);
  uint32_t s = seed * 2654435761u + 3u;
  for (unsigned char& v : x) {
    s = s * 1664525u + 1013904223u;
    v = static_cast<unsigned char>((s >> 24) & ((s >> 8) % 3 == 0 ? 0x0Fu : 0xFFu));
  }
  return x;
}

inline std::vector<float> as_float(const std::vector<unsigned>& v) { return std::vector<float>(v.begin(), v.end()); }

}  // namespace sparse

#endif
