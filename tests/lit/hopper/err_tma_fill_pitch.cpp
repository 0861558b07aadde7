// samples/ragged_gemm accepting K % 4 == 0: bf16 rows of 8 bytes break TMA's rule that
// global strides are multiples of 16 bytes; the fill copy's meaning states it
// (exo::aligned on row 1), and the prover finds the witness.
// RUN: sed -e 's/K % 8 == 0/K % 4 == 0/' %samples/ragged_gemm/ragged_gemm.exo.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s
// CHECK: error: 'exo::sm90::tma_load_sw128_fill' requires '&A{{\[}}K]' (byte offset 8 in 'A') to be 16-byte aligned, but it may not be
// CHECK: error: 'exo::sm90::tma_load_sw128_fill' requires '&B{{\[}}K]' (byte offset 8 in 'B') to be 16-byte aligned, but it may not be
