// The classic 32 x 8-thread tile transpose: each thread moves four rows of the padded
// tile, `for (r = 0; r < 32; r += 8) tile[i + r][j] = ...`. That every read of the tile
// sees a written value needs the writing thread and step found from the row `i + r`
// alone: read as a mixed-radix number whose high digit is r (coefficient 1 times its
// loop's step, 8) and whose low digit is i (checker/ProverInitialized).
// initialized/shared_reads_padding_column.cpp reads the never-written padding column.
// RUN: %exo-cuda --check-only %s 2>&1 | count 0
#include <exo/exo.hpp>

constexpr int TILE = 32, ROWS = 8;

[[exo::kernel]]
void transpose_32x8(int rows, int cols, const float* __restrict__ in, float* __restrict__ out) {
  exo::assume(rows % TILE == 0 && cols % TILE == 0 && rows <= 4096 && cols <= 4096);
  exo::extent(in, rows, cols);
  exo::extent(out, cols, rows);
  [[exo::parallel(block)]] for (int br = 0; br < rows / TILE; ++br)
  [[exo::parallel(block)]] for (int bc = 0; bc < cols / TILE; ++bc) {
    [[exo::shared]] float tile[TILE][TILE + 1];  // + 1: no bank conflicts down a column
    [[exo::parallel(thread)]] for (int i = 0; i < ROWS; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < TILE; ++j)
      for (int r = 0; r < TILE; r += ROWS)
        tile[i + r][j] = in[(br * TILE + i + r) * cols + bc * TILE + j];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int i = 0; i < ROWS; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < TILE; ++j)
      for (int r = 0; r < TILE; r += ROWS)
        out[(bc * TILE + i + r) * rows + br * TILE + j] = tile[j][i + r];
  }
}
