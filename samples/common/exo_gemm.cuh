// exo_gemm: one call for C = A * B^T on Hopper (bf16 or f16 A and B, or f32 ones multiplied
// as tf32; f32 accumulation and C;
// row-major A is M x K, B is N x K, C is M x N), dispatching to the exo-cuda sample
// that suits the shape. Each sample is proven by exo-cuda; this file only chooses one.
//
//   skinny   (samples/skinny_gemm): one row of 128 and a long K in bf16 / f16 (128 x 8192 x
//            8192): 64 x 128 tiles over the whole of K in clusters of two sharing B, no
//            split of K (chosen when they fill more than half the SMs in one wave);
//   split-k  (samples/splitk_gemm): few tiles of C for the SMs and a long K (fewer than
//            half the SMs' worth of 128 x 256 tiles with K >= 2048): C is zeroed, then four blocks per tile each add
//            their share of K to it atomically;
//   persistent (samples/persistent_gemm): more 128 x 256 tiles than SMs and a short K (at
//            most 1024, K % 4 steps of one 128-byte row): one block per SM runs tiles
//            in turn, the next tile's loads overlapping this one's epilogue (measured
//            faster than tma_gemm only there: docs/perf-notes.md);
//   tma_gemm (samples/tma_gemm): M % 128, N % 256, K % 64 (the fastest measured there);
//   ragged   (samples/ragged_gemm): any M and N, K % 8 (TMA zero-fills the edges).
// A shape none takes returns cudaErrorInvalidValue, as each launcher does outside its
// exo::assume conditions.
//
//   persistent_cluster (samples/persistent_cluster_gemm): persistent_gemm in clusters of two
//            blocks sharing B by TMA multicast; gemm_with() only (benchmarks), not chosen;
//   persistent_cluster2d (samples/persistent_cluster2d_gemm): in clusters of 2 x 2 blocks
//            sharing A along cluster rows and B along cluster columns; gemm_with() only.
// The launchers tma_gemm, skinny_gemm, splitk_gemm, persistent_gemm, persistent_cluster_gemm,
// persistent_cluster2d_gemm and ragged_gemm must be declared before this
// header (include their generated .cu files, or the headers of `exo-cuda --header`):
// each sample is a kernel template with bf16, f16 and f32 (tf32) instances, whose launchers are
// overloads of one name, so gemm() below picks the instance by its argument types.
#ifndef EXO_GEMM_CUH
#define EXO_GEMM_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <type_traits>

namespace exo_gemm {

enum class Variant { None, SplitK, Persistent, Tma, Ragged, PersistentCluster, PersistentCluster2d, Skinny };

inline const char* name(Variant v) {
  switch (v) {
    case Variant::SplitK: return "splitk_gemm";
    case Variant::Persistent: return "persistent_gemm";
    case Variant::Tma: return "tma_gemm";
    case Variant::Ragged: return "ragged_gemm";
    case Variant::PersistentCluster: return "persistent_cluster_gemm";
    case Variant::PersistentCluster2d: return "persistent_cluster2d_gemm";
    case Variant::Skinny: return "skinny_gemm";
    case Variant::None: break;
  }
  return "none";
}

/// The samples' exo::assume conditions (their launchers check them again): whether
/// variant `v` can run the shape, for inputs of `bytes` bytes (2: bf16, f16; 4: f32 as
/// tf32), whose K steps are one 128-byte row.
inline bool admits(Variant v, int M, int N, int K, int bytes = 2) {
  if (M <= 0 || N <= 0 || K <= 0) return false;
  const int bk = 128 / bytes;
  const bool tiles = M % 128 == 0 && N % 256 == 0;
  switch (v) {
    case Variant::Tma: return tiles && K % bk == 0 && M <= 32768 && N <= 65536 && K <= 65536 && (N <= 32768 || K <= 32768);
    case Variant::Persistent: return tiles && K % (4 * bk) == 0 && M <= 32768 && N <= 65536 && K <= 32768;
    case Variant::SplitK:
      return tiles && K % (4 * bk) == 0 && M <= 32768 && N <= 65536 && K <= 65536 && (M <= 16384 || K <= 32768) &&
             (N <= 32768 || K <= 32768);
    case Variant::Ragged: return K % 8 == 0 && M <= 32768 && N <= 65536 && K <= 32768;
    case Variant::PersistentCluster:
      return M % 256 == 0 && N % 256 == 0 && K % (4 * bk) == 0 && M <= 32768 && N <= 65536 && K <= 32768;
    case Variant::PersistentCluster2d:
      return M % 256 == 0 && N % 512 == 0 && K % (4 * bk) == 0 && M <= 32768 && N <= 65536 && K <= 32768;
    case Variant::Skinny:
      return M % 128 == 0 && N % 128 == 0 && K % (2 * bk) == 0 && M <= 32768 && N <= 65536 && K <= 65536 &&
             (N <= 32768 || K <= 32768);
    case Variant::None: break;
  }
  return false;
}

/// The variant gemm() runs for a shape on a GPU of `sms` multiprocessors, for inputs of
/// `bytes` bytes.
inline Variant choose(int M, int N, int K, int sms, int bytes = 2) {
  const long long blocks = M > 0 && N > 0 && M % 128 == 0 && N % 256 == 0 ? static_cast<long long>(M / 128) * (N / 256) : 0;
  // (A long K with enough tiles, 2048 x 2048 x 65536, is tma_gemm's: 1.00 of cuBLAS at
  // 2048 x 2048 x 32768 against split-k's 0.88, 2026-12-01.)
  // One row of 128 with enough 64 x 128 tiles to fill more than half the SMs in one wave,
  // bf16 / f16 (128 x 8192 x 8192: 0.94 of cuBLAS against split-k's 0.88; tf32 0.92
  // against 0.94, 2026-12-01; both with B's loads hinted evict_first, 2026-12-02: bf16
  // 0.975 against 0.955, tf32 0.967 against 1.03).
  const long long small = M > 0 && N > 0 && M % 64 == 0 && N % 128 == 0 ? static_cast<long long>(M / 64) * (N / 128) : 0;
  if (admits(Variant::Skinny, M, N, K, bytes) && bytes == 2 && M == 128 && 2 * small > sms && small <= sms && K >= 2048)
    return Variant::Skinny;
  if (admits(Variant::SplitK, M, N, K, bytes) && 2 * blocks <= sms && K >= 2048) return Variant::SplitK;
  // A short K: at most 1024 elements (16 steps of bf16 / f16, 32 of tf32; tf32 at
  // 8192 x 8192 x 1024: 0.889 against tma_gemm's 0.869 of cuBLAS, twice, 2026-12-01).
  if (admits(Variant::Persistent, M, N, K, bytes) && blocks > sms && K <= 1024) return Variant::Persistent;
  if (admits(Variant::Tma, M, N, K, bytes)) return Variant::Tma;
  if (admits(Variant::Ragged, M, N, K, bytes)) return Variant::Ragged;
  return Variant::None;
}

/// The variant gemm() runs for inputs of type T.
template <class T>
inline Variant choose_for(int M, int N, int K, int sms) {
  return choose(M, N, K, sms, static_cast<int>(sizeof(T)));
}

/// The number of multiprocessors of the current device (asked once).
inline int sm_count() {
  static int sms = [] {
    int dev = 0, n = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess)
      return 132;
    return n;
  }();
  return sms;
}

/// C = A * B^T on `stream` with variant `v` (benchmarks compare variants with it);
/// cudaErrorInvalidValue when the shape is outside its conditions.
template <class T>
inline cudaError_t gemm_with(Variant v, int M, int N, int K, const T* A, const T* B, float* C, cudaStream_t stream = 0) {
  if (!admits(v, M, N, K, static_cast<int>(sizeof(T)))) return cudaErrorInvalidValue;
  switch (v) {
    case Variant::SplitK: {
      // splitk_gemm computes C += A * B^T: start from zeros.
      cudaError_t e = cudaMemsetAsync(C, 0, static_cast<size_t>(M) * N * sizeof(float), stream);
      return e != cudaSuccess ? e : ::splitk_gemm(M, N, K, A, B, C, stream);
    }
    case Variant::Persistent: return ::persistent_gemm(M, N, K, A, B, C, stream);
    case Variant::Tma: return ::tma_gemm(M, N, K, A, B, C, stream);
    case Variant::Ragged: return ::ragged_gemm(M, N, K, A, B, C, stream);
    case Variant::PersistentCluster: return ::persistent_cluster_gemm(M, N, K, A, B, C, stream);
    case Variant::PersistentCluster2d: return ::persistent_cluster2d_gemm(M, N, K, A, B, C, stream);
    case Variant::Skinny: return ::skinny_gemm(M, N, K, A, B, C, stream);
    case Variant::None: break;
  }
  return cudaErrorInvalidValue;
}

/// C = A * B^T on `stream`: the variant choose_for<T>() picks, launched asynchronously.
/// T is __nv_bfloat16, __half, or float (multiplied as tf32).
template <class T>
inline cudaError_t gemm(int M, int N, int K, const T* A, const T* B, float* C, cudaStream_t stream = 0) {
  return gemm_with(choose_for<T>(M, N, K, sm_count()), M, N, K, A, B, C, stream);
}

}  // namespace exo_gemm

#endif  // EXO_GEMM_CUH
