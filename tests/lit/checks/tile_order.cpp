// exo::tile_order: the order in which a 2-D grid's blocks start. Every order is a
// bijection of the blocks: the CPU emulation runs each (8 x 4 blocks at n = 64, 12 x 6 at
// n = 96: groups of 5 rows and of 3 columns leave a short last group) and compares with
// the sequential run.
// RUN: %exo-cuda %s -o %t.default.cu -- -DORDER=
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.default.cu
// DEFAULT: long long exo_block = blockIdx.x;
// DEFAULT-NOT: exo_group
//
// RUN: %exo-cuda %s -o %t.grouped.cu -- '-DORDER=exo::tile_order(exo::order::grouped_rows, 4);'
// RUN: FileCheck %s --check-prefix=GROUPED < %t.grouped.cu
// GROUPED: // Blocks in groups of 4 rows (br), each group column by column.
// GROUPED-NEXT: const long long exo_rows = (long long)((n + 7) / 8), exo_cols = (long long)((n + 15) / 16);
// GROUPED-NEXT: const long long exo_group = (long long)blockIdx.x / (4 * exo_cols);
// GROUPED: const int br = (int)(exo_group * 4 + exo_in % exo_height);
// GROUPED: const int bc = (int)(exo_in / exo_height);
//
// RUN: %exo-cuda %s -o %t.columns.cu -- '-DORDER=exo::tile_order(exo::order::grouped_columns, 3);'
// RUN: FileCheck %s --check-prefix=COLUMNS < %t.columns.cu
// COLUMNS: // Blocks in groups of 3 columns (bc), each group row by row.
// COLUMNS: const int br = (int)(exo_in / exo_height);
// COLUMNS: const int bc = (int)(exo_group * 3 + exo_in % exo_height);
//
// RUN: %exo-cuda %s -o %t.rows.cu -- '-DORDER=exo::tile_order(exo::order::row_major);'
// RUN: FileCheck %s --check-prefix=ROWS < %t.rows.cu
// ROWS: // Blocks row by row (br), each row column by column.
// ROWS: const long long exo_group = (long long)blockIdx.x / (exo_cols * exo_rows);
//
// RUN: %exo-cuda %s -o %t.cols.cu -- '-DORDER=exo::tile_order(exo::order::column_major);'
// RUN: FileCheck %s --check-prefix=COLS < %t.cols.cu
// COLS: // Blocks column by column (bc), each column row by row.
//
// RUN: sed -e 's|^  ORDER$|  exo::tile_order(exo::order::grouped_rows, 5);|' %s > %t.g.exo.cpp
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %t.g.exo.cpp | FileCheck %s --check-prefix=EMU
// RUN: sed -e 's|^  ORDER$|  exo::tile_order(exo::order::grouped_columns, 3);|' %s > %t.c.exo.cpp
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %t.c.exo.cpp | FileCheck %s --check-prefix=EMU
// RUN: sed -e 's|^  ORDER$|  exo::tile_order(exo::order::row_major);|' %s > %t.r.exo.cpp
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %t.r.exo.cpp | FileCheck %s --check-prefix=EMU
// RUN: sed -e 's|^  ORDER$|  exo::tile_order(exo::order::column_major);|' %s > %t.k.exo.cpp
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %t.k.exo.cpp | FileCheck %s --check-prefix=EMU
// EMU: emulation: 1 of 1 kernels match the sequential program
//
// Misuse, one diagnostic each:
// RUN: not %exo-cuda --check-only %s -- '-DORDER=exo::tile_order(exo::order::grouped_rows, 0);' 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: 'exo::tile_order' groups 1 .. 65536 rows or columns, not 0
// RUN: not %exo-cuda --check-only %s -- '-DORDER=exo::tile_order(exo::order::row_major, 4);' 2>&1 | FileCheck %s --check-prefix=UNGROUPED
// UNGROUPED: error: 'exo::tile_order' takes a group size only for grouped orders
// RUN: not %exo-cuda --check-only %s -- '-DORDER=exo::tile_order(exo::order::grouped_rows, n);' 2>&1 | FileCheck %s --check-prefix=VARIABLE
// VARIABLE: error: 'exo::tile_order' takes an exo::order and a constant group size
// RUN: not %exo-cuda --check-only %s -- '-DORDER=exo::tile_order(exo::order::row_major); exo::tile_order(exo::order::column_major);' 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: 'exo::tile_order' is given twice
// RUN: not %exo-cuda --check-only %s -- -DORDER= -DLATE 2>&1 | FileCheck %s --check-prefix=LATE
// LATE: error: 'exo::tile_order' must be at the top of the kernel body, next to the assumes
// RUN: not %exo-cuda --check-only %s -- '-DORDER=exo::tile_order(exo::order::row_major);' -DONE_D 2>&1 | FileCheck %s --check-prefix=ONED
// ONED: error: 'exo::tile_order' orders a grid of two block loops (its rows and columns), but this kernel has 1; nest two
#include <exo/exo.hpp>

[[exo::kernel]] void k(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n > 0 && n <= 4096);
  exo::extent(x, n, n);
  exo::extent(y, n, n);
  ORDER
#ifdef ONE_D
  [[exo::parallel(block)]] for (int br = 0; br < n; ++br)
    [[exo::parallel(thread)]] for (int c = 0; c < 32; ++c)
      if (c < n) y[br * n + c] = 2.f * x[br * n + c];
#else
  [[exo::parallel(block)]] for (int br = 0; br < (n + 7) / 8; ++br)
  [[exo::parallel(block)]] for (int bc = 0; bc < (n + 15) / 16; ++bc) {
#ifdef LATE
    exo::tile_order(exo::order::row_major);
#endif
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) {
      const int r = br * 8 + t / 16, c = bc * 16 + t % 16;
      if (r < n && c < n) y[r * n + c] = 2.f * x[r * n + c];
    }
  }
#endif
}
