// As ok_sync_in_symbolic_loop_runs.cpp, but the loop may run zero times (nk >= 0), and
// then nothing orders the write of s with the read after the loop: the witness is nk = 0.
// A loop that starts at a bound depending on the block (lo = b % 2) counts in the
// blocks where it runs: the race is in block 1 with nk = 1 in the second kernel.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
// CHECK: error: data race on 's': thread ({{[0-9]+}}) of block ({{[0-9]+}}) writes s[{{[0-9]+}}] that thread ({{[0-9]+}}) of block ({{[0-9]+}}) reads with no 'exo::sync(block)' between them
// CHECK: note: for example with nk = 0
// CHECK: error: data race on 's': thread ({{[0-9]+}}) of block (1) writes s[{{[0-9]+}}] that thread ({{[0-9]+}}) of block (1) reads with no 'exo::sync(block)' between them
// CHECK: note: for example with nk = 1
#include <exo/exo.hpp>

[[exo::kernel]]
void may_skip(int nk, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nk >= 0 && nk <= 64);
  [[exo::parallel(block)]] for (int b = 0; b < 256; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[b * 128 + t];
    for (int k = 0; k < nk; ++k) {
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = s[127 - t];
  }
}

[[exo::kernel]]
void odd_blocks_skip(int nk, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(nk >= 1 && nk <= 64);
  [[exo::parallel(block)]] for (int b = 0; b < 256; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) s[t] = x[b * 128 + t];
    for (int k = b % 2; k < nk; ++k) {
      [[exo::sync(block)]];
    }
    [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t) y[b * 128 + t] = s[127 - t];
  }
}
