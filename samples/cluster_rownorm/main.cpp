// CPU check of cluster_rownorm: the sequential kernel against a plain division of each
// row by its sum (accumulated in double). Inputs in [0.5, 1.5): the sums stay far from 0.
#include "cluster_rownorm.exo.cpp"

#include "../common/sample_util.hpp"

int main() {
  const int R = 6, N = 3 * CLUSTER * THREADS;
  std::vector<float> x(size_t(R) * N), y(x.size(), -1.f), ref(x.size());
  sample::fill_random(x, 7);
  for (float& v : x) v = v / 2 + 1.f;
  for (int r = 0; r < R; ++r) {
    double s = 0;
    for (int j = 0; j < N; ++j) s += x[size_t(r) * N + j];
    for (int j = 0; j < N; ++j) ref[size_t(r) * N + j] = static_cast<float>(x[size_t(r) * N + j] / s);
  }

  cluster_rownorm(R, N, x.data(), y.data());

  return sample::check("cluster_rownorm", "R=6 N=3072", y, ref, 1e-5) ? 0 : 1;
}
