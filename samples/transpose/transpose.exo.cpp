// transpose: out (cols x rows) = transpose of in (rows x cols), both row-major.
// Demonstrates a 32x32 tile staged through shared memory so that both the global
// load and the global store are coalesced (j is the fastest-varying index in both);
// the tile row is padded to 33 floats so the column-wise reads tile[j][i] hit 32
// different shared-memory banks.
#include <exo/exo.hpp>

[[exo::kernel]]
void transpose(int rows, int cols, const float* __restrict__ in, float* __restrict__ out) {
  exo::assume(rows % 32 == 0 && cols % 32 == 0);
  exo::assume(rows <= 32768 && cols <= 32768);  // indices fit in int
  [[exo::parallel(block)]] for (int br = 0; br < rows / 32; ++br)
  [[exo::parallel(block)]] for (int bc = 0; bc < cols / 32; ++bc) {
    [[exo::shared]] float tile[32][33];
    [[exo::parallel(thread)]] for (int i = 0; i < 32; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < 32; ++j)
      tile[i][j] = in[(br * 32 + i) * cols + bc * 32 + j];
    [[exo::sync(block)]];
    [[exo::parallel(thread)]] for (int i = 0; i < 32; ++i)
    [[exo::parallel(thread)]] for (int j = 0; j < 32; ++j)
      out[(bc * 32 + i) * rows + br * 32 + j] = tile[j][i];
  }
}
