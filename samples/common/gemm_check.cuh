// The GPU check shared by the bf16 GEMM samples (C = A * B^T, row-major A M x K, B N x K,
// C M x N in f32): the generated launcher against the sequential kernel run on the CPU,
// on the same random bf16 inputs, output poisoned first; and a launcher called with sizes
// its exo::assume conditions refuse.
#ifndef EXO_GEMM_CHECK_CUH
#define EXO_GEMM_CHECK_CUH

#include <exo/exo.hpp>

#include "gpu_util.cuh"

namespace gemm {

using bf16 = exo::bf16;  // __nv_bfloat16 under nvcc
using Cpu = void (*)(int, int, int, const bf16*, const bf16*, float*);
using Launcher = cudaError_t (*)(int, int, int, const bf16*, const bf16*, float*, cudaStream_t);

/// `accumulates`: the kernel computes C += A * B^T (split-k); C then starts from the
/// same random values on the CPU and the GPU instead of poison.
inline bool run(const char* name, Cpu cpu, Launcher gpu, cudaStream_t st, int M, int N, int K,
                bool accumulates = false) {
  gpu::Case c(name, gpu::fmt("M=%d N=%d K=%d", M, N, K));
  std::vector<float> Af(static_cast<size_t>(M) * K), Bf(static_cast<size_t>(N) * K);
  sample::fill_random(Af, 31);
  sample::fill_random(Bf, 32);
  const std::vector<bf16> A = sample::convert<bf16>(Af), B = sample::convert<bf16>(Bf);
  std::vector<float> ref(static_cast<size_t>(M) * N, 0.f);
  if (accumulates) sample::fill_random(ref, 33);
  const std::vector<float> C0 = ref;
  cpu(M, N, K, A.data(), B.data(), ref.data());

  bf16* dA = c.upload(A);
  bf16* dB = c.upload(B);
  float* dC = accumulates ? c.upload(C0) : c.poisoned<float>(ref.size());
  if (c.ok()) c.launched(gpu(M, N, K, dA, dB, dC, st), st);
  // The tensor cores sum in another order (and precision) than the sequential loop:
  // the same f32 accumulation up to rounding, far below 1e-2.
  return c.finish(c.download(dC, ref.size()), ref, 1e-2);
}

inline bool rejects(const char* name, Launcher gpu, cudaStream_t st, int M, int N, int K) {
  gpu::Case c(name, gpu::fmt("M=%d N=%d K=%d", M, N, K));
  bf16* dA = c.poisoned<bf16>(128 * 128);
  bf16* dB = c.poisoned<bf16>(128 * 128);
  float* dC = c.poisoned<float>(128 * 128);
  return c.expect_rejected(c.ok() ? gpu(M, N, K, dA, dB, dC, st) : cudaSuccess);
}

/// The sweep of a sample that tiles C by `mt` x 256 (one block, or a cluster of blocks
/// along M) and K by 64, under the same assumes (M % mt, N % 256, K % 64, K > 0;
/// M <= 32768, N <= 65536, K <= 32768): nine sizes up to the largest M, N and K (the
/// small first three only with EXO_GPU_SMALL=1), then six that the launcher must refuse.
inline bool sweep_tiles(const char* name, Cpu cpu, Launcher gpu, cudaStream_t st, int mt) {
  bool ok = true;
  ok &= run(name, cpu, gpu, st, mt, 256, 64);          // one tile, one k-step (no prefetch)
  ok &= run(name, cpu, gpu, st, 2 * mt, 512, 192);     // 2 x 2 tiles, 3 k-steps
  ok &= run(name, cpu, gpu, st, 5 * mt, 256, 512);     // 5 x 1 tiles, 8 k-steps: the ring wraps twice
  if (!gpu::small_only()) {
    ok &= run(name, cpu, gpu, st, 8 * mt, 768, 320);   // 8 x 3 tiles, 5 k-steps
    ok &= run(name, cpu, gpu, st, 3 * mt, 1280, 4096); // 3 x 5 tiles, 64 k-steps
    ok &= run(name, cpu, gpu, st, 2048, 2048, 1024);   // 128 blocks
    ok &= run(name, cpu, gpu, st, 32768, 256, 64);     // the largest M
    ok &= run(name, cpu, gpu, st, mt, 65536, 64);      // the largest N
    ok &= run(name, cpu, gpu, st, mt, 256, 32768);     // the largest K (512 k-steps)
  }
  ok &= rejects(name, gpu, st, mt - 32, 256, 64);      // M % mt != 0
  ok &= rejects(name, gpu, st, mt, 136, 64);           // N % 256 != 0
  ok &= rejects(name, gpu, st, mt, 256, 48);           // K % 64 != 0
  ok &= rejects(name, gpu, st, mt, 256, 0);            // K == 0
  ok &= rejects(name, gpu, st, 32768 + mt, 256, 64);   // M > 32768 (C's index M * N would overflow int at N = 65536)
  ok &= rejects(name, gpu, st, mt, 256, 32832);        // K > 32768
  return ok;
}
/// Blocks of 128 x 256 (hopper_gemm, tma_gemm, wgmma_gemm).
inline bool sweep_128x256x64(const char* name, Cpu cpu, Launcher gpu, cudaStream_t st) {
  return sweep_tiles(name, cpu, gpu, st, 128);
}
/// Clusters of two 128 x 256 blocks along M (cluster_gemm).
inline bool sweep_256x256x64(const char* name, Cpu cpu, Launcher gpu, cudaStream_t st) {
  return sweep_tiles(name, cpu, gpu, st, 256);
}

/// The sweep of a sample that takes any M, N and K with K % 8 == 0 (hopper_gemm: TMA fills
/// the boxes that cross an edge with zeros, the store is clipped), tiling C by 128 x 256
/// and K by 64: the tile-multiple sizes of sweep_128x256x64, ragged ones (every edge
/// crossed, one row, one k-step of 8), the largest M, N, K, then five it must refuse.
inline bool sweep_any_k8(const char* name, Cpu cpu, Launcher gpu, cudaStream_t st) {
  bool ok = true;
  ok &= run(name, cpu, gpu, st, 128, 256, 64);     // one block, one k-step
  ok &= run(name, cpu, gpu, st, 200, 300, 136);    // 2 x 2 blocks, every edge crossed, 3 k-steps
  ok &= run(name, cpu, gpu, st, 1, 1, 8);          // one element
  if (!gpu::small_only()) {
    ok &= run(name, cpu, gpu, st, 640, 256, 512);    // tile multiples: the ring wraps twice
    ok &= run(name, cpu, gpu, st, 1000, 1000, 1000); // 8 x 4 blocks, 16 k-steps, all ragged
    ok &= run(name, cpu, gpu, st, 77, 4099, 2056);   // one row block, a ragged last column block
    ok &= run(name, cpu, gpu, st, 2048, 2048, 1024); // 128 blocks
    ok &= run(name, cpu, gpu, st, 32768, 200, 72);   // the largest M
    ok &= run(name, cpu, gpu, st, 130, 65536, 64);   // the largest N
    ok &= run(name, cpu, gpu, st, 128, 256, 32768);  // the largest K (512 k-steps)
  }
  ok &= rejects(name, gpu, st, 128, 256, 60);     // K % 8 != 0 (rows not 16-byte aligned for TMA)
  ok &= rejects(name, gpu, st, 128, 256, 0);      // K == 0
  ok &= rejects(name, gpu, st, 0, 256, 64);       // M == 0
  ok &= rejects(name, gpu, st, 32776, 256, 64);   // M > 32768
  ok &= rejects(name, gpu, st, 128, 256, 32776);  // K > 32768
  return ok;
}

/// The sweep of a split-k sample (C += A * B^T) with tiles of 128 x 256 and K in
/// `splits` shares of 64-column steps (M % 128, N % 256, K % (64 splits), K > 0; M <=
/// 32768, N <= 65536, K <= 65536 with M * K and N * K <= 2^31): C starts random on both
/// sides. Eight sizes (the small first three only with EXO_GPU_SMALL=1), then six the
/// launcher must refuse.
inline bool sweep_splitk(const char* name, Cpu cpu, Launcher gpu, cudaStream_t st, int splits) {
  const int ks = 64 * splits;  // one K step of every share
  bool ok = true;
  ok &= run(name, cpu, gpu, st, 128, 256, ks, true);            // one tile, one step per share
  ok &= run(name, cpu, gpu, st, 256, 512, 3 * ks, true);        // 2 x 2 tiles, 3 steps per share
  ok &= run(name, cpu, gpu, st, 128, 256, 6 * ks, true);        // 6 steps per share: the ring of 4 wraps
  if (!gpu::small_only()) {
    // (the CPU reference bounds the sizes: each is at most ~4e9 multiply-adds)
    ok &= run(name, cpu, gpu, st, 512, 512, 16384, true);       // K >> M, N: 8 tiles, 64 steps per share
    ok &= run(name, cpu, gpu, st, 128, 2048, 8192, true);       // one row of tiles
    ok &= run(name, cpu, gpu, st, 128, 256, 65536, true);       // the largest K (256 steps per share)
    ok &= run(name, cpu, gpu, st, 32768, 256, ks, true);        // the largest M
    ok &= run(name, cpu, gpu, st, 128, 65536, ks, true);        // the largest N
  }
  ok &= rejects(name, gpu, st, 96, 256, ks);          // M % 128 != 0
  ok &= rejects(name, gpu, st, 128, 136, ks);         // N % 256 != 0
  ok &= rejects(name, gpu, st, 128, 256, ks - 64);    // K % (64 splits) != 0
  ok &= rejects(name, gpu, st, 128, 256, 0);          // K == 0
  ok &= rejects(name, gpu, st, 32896, 256, ks);       // M > 32768
  ok &= rejects(name, gpu, st, 128, 256, 65536 + ks); // K > 65536
  return ok;
}

}  // namespace gemm

#endif  // EXO_GEMM_CHECK_CUH
