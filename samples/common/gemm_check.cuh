// The GPU check shared by the tensor-core GEMM samples (C = A * B^T, row-major A M x K
// and B N x K of bf16, f16 or f32 multiplied as tf32, C M x N in f32): the generated
// launcher against the sequential kernel run on the CPU, on the same random inputs,
// output poisoned first; and a launcher called with sizes its exo::assume conditions
// refuse. Every function takes the element type T
// (exo::bf16, exo::f16 or float), deduced from the CPU kernel.
#ifndef EXO_GEMM_CHECK_CUH
#define EXO_GEMM_CHECK_CUH

#include <exo/exo.hpp>

#include <type_traits>

#include "gpu_util.cuh"

namespace gemm {

template <class T>
using Cpu = void (*)(int, int, int, const T*, const T*, float*);
template <class T>
using Launcher = cudaError_t (*)(int, int, int, const T*, const T*, float*, cudaStream_t);

/// `accumulates`: the kernel computes C += A * B^T (split-k); C then starts from the
/// same random values on the CPU and the GPU instead of poison.
template <class T>
inline bool run(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st, int M, int N, int K,
                bool accumulates = false) {
  gpu::Case c(name, gpu::fmt("M=%d N=%d K=%d", M, N, K));
  std::vector<float> Af(static_cast<size_t>(M) * K), Bf(static_cast<size_t>(N) * K);
  sample::fill_random(Af, 31);
  sample::fill_random(Bf, 32);
  const std::vector<T> A = sample::convert<T>(Af), B = sample::convert<T>(Bf);
  std::vector<float> ref(static_cast<size_t>(M) * N, 0.f);
  if (accumulates) sample::fill_random(ref, 33);
  const std::vector<float> C0 = ref;
  cpu(M, N, K, A.data(), B.data(), ref.data());

  T* dA = c.upload(A);
  T* dB = c.upload(B);
  float* dC = accumulates ? c.upload(C0) : c.poisoned<float>(ref.size());
  if (c.ok()) c.launched(gpu(M, N, K, dA, dB, dC, st), st);
  // The tensor cores sum in another order (and precision) than the sequential loop:
  // the same f32 accumulation up to rounding, far below the bounds (bf16 / f16 1e-2,
  // tf32 2e-3).
  return c.finish(c.download(dC, ref.size()), ref, std::is_same_v<T, float> ? 2e-3 : 1e-2);
}

template <class T>
inline bool rejects(const char* name, Launcher<T> gpu, cudaStream_t st, int M, int N, int K) {
  gpu::Case c(name, gpu::fmt("M=%d N=%d K=%d", M, N, K));
  T* dA = c.poisoned<T>(128 * 128);
  T* dB = c.poisoned<T>(128 * 128);
  float* dC = c.poisoned<float>(128 * 128);
  return c.expect_rejected(c.ok() ? gpu(M, N, K, dA, dB, dC, st) : cudaSuccess);
}

/// The sweep of a sample that tiles C by `mt` x `nt` (one block of 128 x 256, or a
/// cluster of blocks along M, or along M and N) and K by 64, under the same assumes
/// (M % mt, N % nt, K % 64, K > 0;
/// M <= 32768, N <= 65536, K <= max_k; max_k 65536 also N <= 32768 || K <= 32768): nine
/// sizes up to the largest M, N and K (the small first three only with EXO_GPU_SMALL=1),
/// then six that the launcher must refuse (seven with max_k 65536).
template <class T>
inline bool sweep_tiles(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st, int mt, int kstep = 64,
                        int nt = 256, int max_k = 32768) {
  bool ok = true;
  ok &= run<T>(name, cpu, gpu, st, mt, nt, 64);          // one tile, one k-step (no prefetch)
  if (kstep != 64) ok &= run<T>(name, cpu, gpu, st, mt, nt, 3 * kstep);  // K a multiple of a narrower step only
  ok &= run<T>(name, cpu, gpu, st, 2 * mt, 2 * nt, 192);  // 2 x 2 tiles, 3 k-steps
  ok &= run<T>(name, cpu, gpu, st, 5 * mt, nt, 512);      // 5 x 1 tiles, 8 k-steps: the ring wraps twice
  if (!gpu::small_only()) {
    ok &= run<T>(name, cpu, gpu, st, 8 * mt, 3 * nt, 320);  // 8 x 3 tiles, 5 k-steps
    ok &= run<T>(name, cpu, gpu, st, 3 * mt, 5 * nt, 4096); // 3 x 5 tiles, 64 k-steps
    ok &= run<T>(name, cpu, gpu, st, 2048, 2048, 1024);   // 128 blocks
    ok &= run<T>(name, cpu, gpu, st, 32768, nt, 64);      // the largest M
    ok &= run<T>(name, cpu, gpu, st, mt, 65536, 64);      // the largest N
    ok &= run<T>(name, cpu, gpu, st, mt, nt, max_k);      // the largest K (512 or 1024 k-steps)
  }
  ok &= rejects<T>(name, gpu, st, mt - 32, nt, 64);       // M % mt != 0
  ok &= rejects<T>(name, gpu, st, mt, nt - 120, 64);      // N % nt != 0 (136 for 256)
  ok &= rejects<T>(name, gpu, st, mt, nt, kstep * 3 / 4); // K not a multiple of the k-step (48 for 64)
  ok &= rejects<T>(name, gpu, st, mt, nt, 0);             // K == 0
  ok &= rejects<T>(name, gpu, st, 32768 + mt, nt, 64);    // M > 32768 (C's index M * N would overflow int at N = 65536)
  ok &= rejects<T>(name, gpu, st, mt, nt, max_k + 64);    // K > max_k
  if (max_k > 32768) ok &= rejects<T>(name, gpu, st, mt, 32768 + nt, 32832);  // N > 32768 and K > 32768 (N * K)
  return ok;
}
/// Blocks of 128 x 256 (hopper_gemm, tma_gemm, wgmma_gemm).
template <class T>
inline bool sweep_128x256x64(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st) {
  return sweep_tiles<T>(name, cpu, gpu, st, 128);
}
/// Blocks of 128 x 256 with K steps of `kstep` (swizzle_gemm's narrow tiles: 32, 16, 8).
template <class T>
inline bool sweep_128x256(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st, int kstep) {
  return sweep_tiles<T>(name, cpu, gpu, st, 128, kstep);
}
/// Clusters of two 128 x 256 blocks along M (cluster_gemm).
template <class T>
inline bool sweep_256x256x64(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st) {
  return sweep_tiles<T>(name, cpu, gpu, st, 256);
}
/// Clusters of 2 x 2 blocks of 128 x 256 (cluster2d_gemm).
template <class T>
inline bool sweep_256x512x64(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st) {
  return sweep_tiles<T>(name, cpu, gpu, st, 256, 64, 512);
}

/// The sweep of a sample that takes any M, N and K with K % 8 == 0 (hopper_gemm: TMA fills
/// the boxes that cross an edge with zeros, the store is clipped), tiling C by 128 x 256
/// and K by 64: the tile-multiple sizes of sweep_128x256x64, ragged ones (every edge
/// crossed, one row, one k-step of 8), the largest M, N, K, then five it must refuse.
template <class T>
inline bool sweep_any_k8(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st) {
  bool ok = true;
  ok &= run<T>(name, cpu, gpu, st, 128, 256, 64);     // one block, one k-step
  ok &= run<T>(name, cpu, gpu, st, 200, 300, 136);    // 2 x 2 blocks, every edge crossed, 3 k-steps
  ok &= run<T>(name, cpu, gpu, st, 1, 1, 8);          // one element
  if (!gpu::small_only()) {
    ok &= run<T>(name, cpu, gpu, st, 640, 256, 512);    // tile multiples: the ring wraps twice
    ok &= run<T>(name, cpu, gpu, st, 1000, 1000, 1000); // 8 x 4 blocks, 16 k-steps, all ragged
    ok &= run<T>(name, cpu, gpu, st, 77, 4099, 2056);   // one row block, a ragged last column block
    ok &= run<T>(name, cpu, gpu, st, 2048, 2048, 1024); // 128 blocks
    ok &= run<T>(name, cpu, gpu, st, 32768, 200, 72);   // the largest M
    ok &= run<T>(name, cpu, gpu, st, 130, 65536, 64);   // the largest N
    ok &= run<T>(name, cpu, gpu, st, 128, 256, 32768);  // the largest K (512 k-steps)
  }
  ok &= rejects<T>(name, gpu, st, 128, 256, 60);     // K % 8 != 0 (rows not 16-byte aligned for TMA)
  ok &= rejects<T>(name, gpu, st, 128, 256, 0);      // K == 0
  ok &= rejects<T>(name, gpu, st, 0, 256, 64);       // M == 0
  ok &= rejects<T>(name, gpu, st, 32776, 256, 64);   // M > 32768
  ok &= rejects<T>(name, gpu, st, 128, 256, 32776);  // K > 32768
  return ok;
}

/// The sweep of a persistent sample (persistent_gemm: tiles of mt x nt = 128 x 256;
/// persistent_cluster_gemm: cluster tiles of 256 x 256, two blocks along M;
/// persistent_cluster2d_gemm: 256 x 512, 2 x 2 blocks), K in steps of one 128-byte row,
/// bk = 128 / sizeof(T), a multiple of 4 of them: M % mt, N % nt, K % (4 bk), K > 0;
/// M <= 32768, N <= 65536, K <= 32768. One block (cluster) per SM (group of SMs) runs
/// tiles in turn: the sizes with more tiles than the H200's 132 SMs make every block run
/// several (its rings continuing from tile to tile).
template <class T>
inline bool sweep_persistent(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st, int mt = 128,
                             int nt = 256) {
  const int ks = static_cast<int>(128 / sizeof(T)) * 4;  // one period of the ring: 4 K steps
  bool ok = true;
  ok &= run<T>(name, cpu, gpu, st, mt, nt, ks);             // one tile, one period
  ok &= run<T>(name, cpu, gpu, st, 2 * mt, 2 * nt, 3 * ks); // 2 x 2 tiles, 3 periods
  ok &= run<T>(name, cpu, gpu, st, 2048, 4608, ks);         // 288 tiles (mt 128): 2 or 3 per block, one period each
  if (!gpu::small_only()) {
    ok &= run<T>(name, cpu, gpu, st, 4096, 8192, 2 * ks);   // 1024 tiles (mt 128): 7 or 8 per block
    ok &= run<T>(name, cpu, gpu, st, 2048, 2048, 4096);     // 128 tiles (mt 128: fewer than the SMs)
    ok &= run<T>(name, cpu, gpu, st, 1280, 3072, 16 * ks);  // 120 tiles (mt 128), long K
    ok &= run<T>(name, cpu, gpu, st, 32768, nt, ks);        // the largest M: tiles down one column
    ok &= run<T>(name, cpu, gpu, st, mt, 65536, ks);        // the largest N: 256 tiles along one row
    ok &= run<T>(name, cpu, gpu, st, mt, nt, 32768);        // the largest K
  }
  ok &= rejects<T>(name, gpu, st, mt - 32, nt, ks);         // M % mt != 0
  ok &= rejects<T>(name, gpu, st, mt, nt - 120, ks);        // N % nt != 0 (136 for 256)
  ok &= rejects<T>(name, gpu, st, mt, nt, 3 * ks / 4);      // K % (4 bk) != 0 (the ring's period)
  ok &= rejects<T>(name, gpu, st, mt, nt, 0);               // K == 0
  ok &= rejects<T>(name, gpu, st, 32768 + mt, nt, ks);      // M > 32768
  ok &= rejects<T>(name, gpu, st, mt, nt, 32768 + ks);      // K > 32768
  return ok;
}

/// The sweep of a split-k sample (C += A * B^T) with tiles of 128 x 256 and K in
/// `splits` shares of steps of one 128-byte row, bk = 128 / sizeof(T) columns (M % 128,
/// N % 256, K % (bk splits), K > 0; M <= 32768, N <= 65536, K <= 65536 with M * K and
/// N * K <= 2^31): C starts random on both sides. Eight sizes (the small first three
/// only with EXO_GPU_SMALL=1), then six the launcher must refuse.
template <class T>
inline bool sweep_splitk(const char* name, Cpu<T> cpu, Launcher<T> gpu, cudaStream_t st, int splits) {
  const int ks = static_cast<int>(128 / sizeof(T)) * splits;  // one K step of every share
  bool ok = true;
  ok &= run<T>(name, cpu, gpu, st, 128, 256, ks, true);            // one tile, one step per share
  ok &= run<T>(name, cpu, gpu, st, 256, 512, 3 * ks, true);        // 2 x 2 tiles, 3 steps per share
  ok &= run<T>(name, cpu, gpu, st, 128, 256, 6 * ks, true);        // 6 steps per share: the ring of 4 wraps
  if (!gpu::small_only()) {
    // (the CPU reference bounds the sizes: each is at most ~4e9 multiply-adds)
    ok &= run<T>(name, cpu, gpu, st, 512, 512, 16384, true);       // K >> M, N: 8 tiles, 64 steps per share
    ok &= run<T>(name, cpu, gpu, st, 128, 2048, 8192, true);       // one row of tiles
    ok &= run<T>(name, cpu, gpu, st, 128, 256, 65536, true);       // the largest K (256 steps per share)
    ok &= run<T>(name, cpu, gpu, st, 32768, 256, ks, true);        // the largest M
    ok &= run<T>(name, cpu, gpu, st, 128, 65536, ks, true);        // the largest N
  }
  ok &= rejects<T>(name, gpu, st, 96, 256, ks);          // M % 128 != 0
  ok &= rejects<T>(name, gpu, st, 128, 136, ks);         // N % 256 != 0
  ok &= rejects<T>(name, gpu, st, 128, 256, ks / 2);     // K % (bk splits) != 0
  ok &= rejects<T>(name, gpu, st, 128, 256, 0);          // K == 0
  ok &= rejects<T>(name, gpu, st, 32896, 256, ks);       // M > 32768
  ok &= rejects<T>(name, gpu, st, 128, 256, 65536 + ks); // K > 65536
  return ok;
}

}  // namespace gemm

#endif  // EXO_GEMM_CHECK_CUH
