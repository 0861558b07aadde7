// Each block writes its peer's part of a distributed shared array first thing: the blocks
// of a cluster may be reached through distributed shared memory only once all of them run
// (CUDA Programming Guide, "Distributed Shared Memory"), so the generated kernel meets at
// a cluster barrier right after declaring the array (review of the fifteenth session: the
// first write into the peer came before any). Also emulated (tests/emulation).
// RUN: %exo-cuda %s -o %t.cu -- -I%exo-include
// RUN: FileCheck %s < %t.cu
#include <exo/exo.hpp>

constexpr int CL = 2;

[[exo::kernel]]
void swap_halves(int R, const float* __restrict__ x, float* __restrict__ y) {
  exo::assume(R > 0 && R <= 4096);
  exo::extent(x, R * CL * 64);
  exo::extent(y, R * CL * 64);
  [[exo::parallel(block)]] for (int row = 0; row < R; ++row) {
    [[exo::shared]] float part[CL][64];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < CL; ++c) {
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) part[1 - c][t] = x[(row * CL + c) * 64 + t];
    }
    [[exo::sync(cluster)]];
    [[exo::parallel(block_in_cluster)]] for (int c = 0; c < CL; ++c) {
      [[exo::parallel(thread)]] for (int t = 0; t < 64; ++t) y[(row * CL + c) * 64 + t] = part[c][63 - t];
    }
  }
}
// CHECK: float (&part)[64] = *reinterpret_cast<float (*)[64]>(exo_smem + 0);
// CHECK-NEXT: exo::sm90::gpu::cluster_sync();  // every block of the cluster runs before its part is reached
// CHECK: exo::sm90::gpu::peer(part, 1 - c)[t] = x[
