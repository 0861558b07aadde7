// cluster_rownorm: y[r][j] = x[r][j] / (x[r][0] + ... + x[r][N-1]), every row split over
// the four blocks of a thread-block cluster, which add up their parts of the row sum
// through distributed shared memory.
//
// The innermost block loop's body is a cluster body: every block of a cluster runs it,
// taking its own iteration c of each `block_in_cluster` loop (its rank). `partial`,
// declared at cluster level, is distributed: partial[c] lives in block c's shared memory,
// and block c reads the other blocks' parts directly (partial[p][0], p != c). Per row:
//  1. each block sums its quarter of the row into partial[c][0] (a tree in its own part,
//     block barriers between the levels);
//  2. a cluster barrier: every block's sum is written before any block reads it;
//  3. each block adds the four sums (three of them from other blocks' shared memory) and
//     divides its quarter of the row;
//  4. a cluster barrier: every block has read the sums before the next row's step 1
//     overwrites them (drop it and exo-cuda reports the race, block 0 writing
//     partial[0][0] while block 1 still reads it, and proposes the barrier).
// Sequentially (g++) the cluster loops are plain loops and the barriers do nothing: the
// program is its own CPU reference, and the sums are added in the same order on the GPU.
#include <exo/exo.hpp>

constexpr int CLUSTER = 4;    // blocks per cluster: each takes a quarter of every row
constexpr int THREADS = 256;  // threads per block
constexpr int ROWS = 2;       // rows per cluster, one after the other

[[exo::kernel]]
void cluster_rownorm(int R, int N, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(R % ROWS == 0 && N % (CLUSTER * THREADS) == 0 && R > 0 && N > 0);
  exo::assume(R <= 4096 && N <= 262144);  // indices fit in int: R * N <= 2^30
  [[exo::parallel(block)]] for (int g = 0; g < R / ROWS; ++g) {
    [[exo::shared]] float partial[CLUSTER][THREADS];  // partial[c]: block c's sums, in its shared memory
    const int chunk = N / CLUSTER;                    // the columns of one block
    for (int i = 0; i < ROWS; ++i) {
      const int row = g * ROWS + i;
      [[exo::parallel(block_in_cluster)]] for (int c = 0; c < CLUSTER; ++c) {
        [[exo::parallel(thread)]] for (int t = 0; t < THREADS; ++t) {
          float s = 0.f;
          for (int j = t; j < chunk; j += THREADS) s += x[row * N + c * chunk + j];
          partial[c][t] = s;
        }
        // Level l folds partial[c][h, 2h) onto partial[c][0, h), h = 128 >> l.
        for (int l = 0; l < 8; ++l) {
          [[exo::sync(block)]];
          [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
            if (t < (128 >> l)) partial[c][t] += partial[c][t + (128 >> l)];
        }
      }
      [[exo::sync(cluster)]];  // every block's sum is in partial[.][0]
      [[exo::parallel(block_in_cluster)]] for (int c = 0; c < CLUSTER; ++c) {
        [[exo::parallel(thread)]] for (int t = 0; t < THREADS; ++t) {
          float total = 0.f;
          for (int p = 0; p < CLUSTER; ++p) total += partial[p][0];  // the other blocks' through DSMEM
          for (int j = t; j < chunk; j += THREADS) y[row * N + c * chunk + j] = x[row * N + c * chunk + j] / total;
        }
      }
      [[exo::sync(cluster)]];  // every block has read the sums before the next row overwrites them
    }
  }
}
