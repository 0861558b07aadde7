// block_reduce: out[b] = x[512 b] + ... + x[512 b + 511], one block per 512 elements.
// Demonstrates a tree reduction in shared memory: a sequential loop over the 8 tree
// levels at block scope, each level a constant-size (128) thread loop whose active
// threads are selected by an `if` guard, with a block barrier after every level
// (barriers stay outside the thread loops, so every thread reaches them).
#include <exo/exo.hpp>

[[exo::kernel]]
void block_reduce(int n, const float* __restrict__ x, float* __restrict__ out) {
  exo::assume(n % 512 == 0);
  [[exo::parallel(block)]] for (int b = 0; b < n / 512; ++b) {
    [[exo::shared]] float s[256];
    // Each of 256 threads adds two elements, 256 apart (coalesced loads).
    [[exo::parallel(thread)]] for (int t = 0; t < 256; ++t)
      s[t] = x[b * 512 + t] + x[b * 512 + 256 + t];
    [[exo::sync(block)]];
    // Level l folds the upper half s[h, 2h) onto s[0, h), h = 128 >> l.
    for (int l = 0; l < 8; ++l) {
      [[exo::parallel(thread)]] for (int t = 0; t < 128; ++t)
        if (t < (128 >> l)) s[t] += s[t + (128 >> l)];
      [[exo::sync(block)]];
    }
    // A one-iteration thread loop: exactly one thread stores the block's result.
    [[exo::parallel(thread)]] for (int t = 0; t < 1; ++t)
      out[b] = s[0];
  }
}
