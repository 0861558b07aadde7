// TMA boxes that cross a row's left or right edge: TMA fills those columns with zeros,
// and so do the copies' meanings (a flat index would reach the neighbouring row's
// elements instead: such kernels were once proven and computed something else than
// their CUDA). Two mutations of the samples, each proven and run by the CPU emulation
// of its generated CUDA, bit for bit against the sequential program.
// RUN: sed -e 's/tma_load_sw128_fill(As\[kt % STAGES\], A, M, K, bm \* BM, kt \* BK, full, kt)/tma_load_sw128_fill(As[kt % STAGES], A, M, K, bm * BM + 1, kt * BK - 8, full, kt)/' %samples/ragged_gemm/ragged_gemm.exo.cpp > %t.left.exo.cpp
// RUN: %exo-cuda --check-only %t.left.exo.cpp
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %t.left.exo.cpp | FileCheck %s
// RUN: sed -e 's|for (int bm = 0; bm < M / BM; ++bm)|for (int bm = 0; bm < M / BM - 1; ++bm)|' -e 's/tma_load_sw128(As\[kt % STAGES\], A, K, bm \* BM, kt \* BK, full, kt)/tma_load_sw128(As[kt % STAGES], A, K, bm * BM, kt * BK + 8, full, kt)/' %samples/hopper_gemm/hopper_gemm.exo.cpp > %t.right.exo.cpp
// RUN: %exo-cuda --check-only %t.right.exo.cpp
// RUN: python3 %exo-source/tests/emulation/run_emulation.py --exo-cuda %exo-cuda --include %exo-include %t.right.exo.cpp | FileCheck %s
// CHECK: emulation: 1 of 1 kernels match the sequential program
