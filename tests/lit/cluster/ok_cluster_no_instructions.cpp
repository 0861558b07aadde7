// A cluster kernel without shared memory or instructions: its blocks still meet at a
// cluster barrier before they exit, whose header the CUDA must include (it was printed
// without it, and nvcc failed: review of the twenty-fourth session).
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I%exo-include -c %t.cu -o %t.o %}
// CHECK: #include <exo/sm90.hpp>
// CHECK: exo::sm90::gpu::cluster_sync();
#include <exo/exo.hpp>

[[exo::kernel]] void copy_pairs(int m, const int* __restrict__ x, unsigned* __restrict__ y) {
  exo::assume(m > 0 && m <= 1024);
  exo::extent(x, m * 2 * 16);
  exo::extent(y, m * 2 * 16);
  [[exo::parallel(block)]] for (int b = 0; b < m; ++b)
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < 2; ++c)
      [[exo::parallel(thread)]] for (int t = 0; t < 16; ++t) y[(b * 2 + c) * 16 + t] = x[(b * 2 + c) * 16 + t];
}
