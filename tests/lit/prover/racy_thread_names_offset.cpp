// Threads named in a race report when their loops do not count the block's threads
// from 0 by 1: loop A's iteration t runs on thread t - 1, loop B's on thread t / 2.
// A report names such a thread by its index in the block and gives the loop variables'
// values by name ("thread 127 (t = 254)"), not by a loop value no thread index has.
// RUN: not %exo-cuda --check-only %s 2>&1 | FileCheck %s
#include <exo/exo.hpp>

[[exo::kernel]]
void offsets(int n, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(n % 128 == 0 && n <= 4096);
  exo::extent(x, n);
  exo::extent(y, n);
  [[exo::parallel(block)]] for (int b = 0; b < n / 128; ++b) {
    [[exo::shared]] float s[128];
    [[exo::parallel(thread)]] for (int t = 1; t < 129; ++t) s[t - 1] = x[b * 128 + t - 1];
    // CHECK: racy_thread_names_offset.cpp:[[@LINE+1]]:85: error: data race on 's': thread {{[0-9]+}} (t = {{[0-9]+}}) of block ({{[0-9]+}}) writes s[{{[0-9]+}}] that thread {{[0-9]+}} (t = {{[0-9]+}}) of block ({{[0-9]+}}) reads with no 'exo::sync({{warp|block}})' between them
    [[exo::parallel(thread)]] for (int t = 0; t < 256; t += 2) y[b * 128 + t / 2] = s[(t / 2 + 1) % 128];
  }
}
// CHECK-NOT: error:
// CHECK: 1 error generated.
