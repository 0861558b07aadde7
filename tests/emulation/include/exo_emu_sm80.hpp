// exo_emu_sm80.hpp — the CPU emulation of exo/cuda/sm80.cuh, for the test suite: the
// same `exo::sm80::gpu::` functions, run by each emulated CUDA thread (cuda_runtime.h:
// one OS thread per CUDA thread, one running at a time, exo_emu::barrier() between
// epochs).
//
// A per-lane model, independent of the CUDA forms and of the sequential bodies: a warp
// instruction is done the way the warp does it. Each lane deposits what it holds (its
// fragment slots, or the row address it gives ldmatrix) in a scratch area of its warp,
// placed by the layout formulas below; a barrier; each lane then takes its own result
// slots from the scratch; a barrier again before the scratch is reused. So a fragment
// that the generated code hands to the wrong lane or slot computes a different tile,
// and the emulation test's bit-for-bit comparison with the sequential program fails.
//
// Arithmetic is the sequential bodies': mma adds, for each k in increasing order,
// float(a) * float(b) to the accumulator in float (tf32: of exo::to_tf32 of each), so a
// correct program's results are bit-identical to the sequential run. (The tensor core
// sums differently: tests/gpu/test_sm80_instrs.cu compares it with a tolerance.)
//
// A warp instruction costs two block-wide barriers here (the emulation has no narrower
// one): every warp of the block must issue the same number of warp instructions
// between two barriers of the kernel, which the kernels of the test suite do.
#pragma once

#include "cuda_runtime.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace exo {
namespace sm80 {
namespace gpu {

namespace emu {

// Fragment layouts: element (i, j) of the tile -> (lane, slot), as the sequential
// bodies index the tile (the PTX ISA's fragment figures; see exo/cuda/sm80.cuh).
struct Place {
  int lane, slot;
};
inline Place m16n8_c(int i, int j) { return {(i % 8) * 4 + j / 2, (i / 8) * 2 + j % 2}; }
inline Place m16k16_a(int i, int k) { return {(i % 8) * 4 + (k % 8) / 2, (k / 8) * 4 + (i / 8) * 2 + k % 2}; }
inline Place n8k16_b(int n, int k) { return {n * 4 + (k % 8) / 2, (k / 8) * 2 + k % 2}; }
inline Place ldsm_8x8(int i, int k) { return {i * 4 + k / 2, k % 2}; }
inline Place m16k8_tf32(int i, int k) { return {(i % 8) * 4 + k % 4, (k / 4) * 2 + i / 8}; }
inline Place n8k8_tf32(int n, int k) { return {n * 4 + k % 4, k / 4}; }

inline int lane() { return static_cast<int>(threadIdx.x % 32); }
inline int warp() { return static_cast<int>(threadIdx.x / 32); }

constexpr int kMaxWarps = 32;  // 1024 threads

// One warp's scratch: the tiles of one mma (as floats: bf16 / f16 widen exactly), and
// the row addresses of one ldmatrix.
struct Scratch {
  float a[16][16];
  float b[8][16];
  const void* rows[32];
};
// Per block of a cluster too: a cluster's blocks run at once (cuda_runtime.h).
inline Scratch scratch[exo_emu::kMaxCluster][kMaxWarps];

inline Scratch& mine() { return scratch[exo_emu::rank][warp()]; }

// A 16-byte access (an ldmatrix row, a vector copy) at an address the hardware would
// fault on: exo-cuda proves these aligned, so this is a bug of the tool or the kernel.
inline void check_aligned(const void* p, const char* what, unsigned bytes = 16) {
  if (reinterpret_cast<std::uintptr_t>(p) % bytes != 0) {
    std::fprintf(stderr, "exo emulation: %s at %p is not %u-byte aligned (thread %u)\n", what, p, bytes, threadIdx.x);
    std::abort();
  }
}

// ldmatrix: lane l gives the address of row l % 8 of matrix l / 8 (lanes beyond the
// matrices give addresses the hardware ignores). The rows of a 16-bit matrix m are
// 8 contiguous elements; register m of lane l holds row l/4, elements 2*(l%4) + {0,1}
// (.trans: row 2*(l%4) + {0,1}, element l/4). Slots 2m, 2m+1 are register m.
template <class T>
void ldmatrix(T* dst, int matrices, bool trans, const T* my_row) {
  Scratch& s = mine();
  check_aligned(my_row, "ldmatrix row");
  s.rows[lane()] = my_row;
  exo_emu::barrier();
  const int l = lane();
  for (int m = 0; m < matrices; ++m)
    for (int e = 0; e < 2; ++e) {
      const int row = trans ? 2 * (l % 4) + e : l / 4, col = trans ? l / 4 : 2 * (l % 4) + e;
      dst[2 * m + e] = static_cast<const T*>(s.rows[8 * m + row])[col];
    }
  exo_emu::barrier();
}

// d (this lane's m16n8_c slots) += the product of the tiles in the scratch.
template <class Product>
void mma_from_scratch(float* d, int K, Product product) {
  const Scratch& s = mine();
  const int l = lane();
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      const Place p = m16n8_c(i, j);
      if (p.lane != l) continue;
      float acc = d[p.slot];
      for (int k = 0; k < K; ++k) acc += product(s.a[i][k], s.b[j][k]);
      d[p.slot] = acc;
    }
}

}  // namespace emu

// ------------------------------------------------------------------ fragments
inline void fill_m16n8(float* d, float v) {
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j)
      if (emu::m16n8_c(i, j).lane == emu::lane()) d[emu::m16n8_c(i, j).slot] = v;
}

// ------------------------------------------------------------------- ldmatrix
// The row address each lane gives the hardware; which 8x8 block is matrix m follows
// from the layouts (matrix m = slots 2m, 2m+1): see exo/cuda/sm80.cuh.
template <class T, int R, int C>
void ldmatrix_x1(T* dst, const T (&src)[R][C], int r0, int c0) {
  const int l = emu::lane() % 8;
  emu::ldmatrix(dst, 1, false, &src[r0 + l][c0]);
}

template <class T, int R, int C>
void ldmatrix_x2(T* dst, const T (&src)[R][C], int r0, int c0) {
  const int m = emu::lane() / 8 % 2, l = emu::lane() % 8;
  emu::ldmatrix(dst, 2, false, &src[r0 + l][c0 + 8 * m]);
}

template <class T, int R, int C>
void ldmatrix_x4(T* dst, const T (&src)[R][C], int r0, int c0) {
  const int m = emu::lane() / 8, l = emu::lane() % 8;
  emu::ldmatrix(dst, 4, false, &src[r0 + 8 * (m % 2) + l][c0 + 8 * (m / 2)]);
}

template <class T, int R, int C>
void ldmatrix_x1_trans(T* dst, const T (&src)[R][C], int r0, int c0) {
  const int l = emu::lane() % 8;
  emu::ldmatrix(dst, 1, true, &src[r0 + l][c0]);
}

template <class T, int R, int C>
void ldmatrix_x2_trans(T* dst, const T (&src)[R][C], int r0, int c0) {
  const int m = emu::lane() / 8 % 2, l = emu::lane() % 8;
  emu::ldmatrix(dst, 2, true, &src[r0 + 8 * m + l][c0]);
}

template <class T, int R, int C>
void ldmatrix_x4_trans(T* dst, const T (&src)[R][C], int r0, int c0) {
  const int m = emu::lane() / 8, l = emu::lane() % 8;
  emu::ldmatrix(dst, 4, true, &src[r0 + 8 * (m / 2) + l][c0 + 8 * (m % 2)]);
}

// ------------------------------------------------------------------- mma.sync
template <class T>
void mma_m16n8k16(float* d, const T* a, const T* b) {
  emu::Scratch& s = emu::mine();
  const int l = emu::lane();
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k)
      if (emu::m16k16_a(i, k).lane == l) s.a[i][k] = float(a[emu::m16k16_a(i, k).slot]);
  for (int n = 0; n < 8; ++n)
    for (int k = 0; k < 16; ++k)
      if (emu::n8k16_b(n, k).lane == l) s.b[n][k] = float(b[emu::n8k16_b(n, k).slot]);
  exo_emu::barrier();
  emu::mma_from_scratch(d, 16, [](float x, float y) { return x * y; });
  exo_emu::barrier();
}

inline void mma_m16n8k8_tf32(float* d, const float* a, const float* b) {
  emu::Scratch& s = emu::mine();
  const int l = emu::lane();
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 8; ++k)
      if (emu::m16k8_tf32(i, k).lane == l) s.a[i][k] = a[emu::m16k8_tf32(i, k).slot];
  for (int n = 0; n < 8; ++n)
    for (int k = 0; k < 8; ++k)
      if (emu::n8k8_tf32(n, k).lane == l) s.b[n][k] = b[emu::n8k8_tf32(n, k).slot];
  exo_emu::barrier();
  emu::mma_from_scratch(d, 8, [](float x, float y) { return exo::to_tf32(x) * exo::to_tf32(y); });
  exo_emu::barrier();
}

// tf32 operand fragments: per-lane loads (no exchange).
template <int R, int C>
void load_tf32_a(float* dst, const float (&src)[R][C], int r0, int c0) {
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 8; ++k)
      if (emu::m16k8_tf32(i, k).lane == emu::lane()) dst[emu::m16k8_tf32(i, k).slot] = src[r0 + i][c0 + k];
}

template <int R, int C>
void load_tf32_b(float* dst, const float (&src)[R][C], int r0, int c0) {
  for (int n = 0; n < 8; ++n)
    for (int k = 0; k < 8; ++k)
      if (emu::n8k8_tf32(n, k).lane == emu::lane()) dst[emu::n8k8_tf32(n, k).slot] = src[r0 + n][c0 + k];
}

template <class T>
void store_m16n8(T* C, int ldc, int r0, int c0, const float* d) {
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j)
      if (emu::m16n8_c(i, j).lane == emu::lane()) C[(r0 + i) * ldc + c0 + j] = T(d[emu::m16n8_c(i, j).slot]);
}

// ------------------------------------------------------------ 16-byte copies
template <class T, int R, int C>
void copy16(T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2, "copy16 copies 8 16-bit elements");
  emu::check_aligned(&dst[r][c], "copy16 shared destination");
  emu::check_aligned(src + off, "copy16 global source");
  for (int e = 0; e < 8; ++e) dst[r][c + e] = src[off + e];
}

// cp.async, adversarially: a copy lands as late as the hardware may let it, at the
// cp_async_wait that completes its group (never at the call), so a program that reads
// before the wait sees the old contents and its result differs from the sequential
// run. Each emulated thread keeps its own groups.
namespace emu {
struct PendingCopy {
  void* dst;
  const void* src;
};
struct CpAsyncQueue {
  std::vector<PendingCopy> open;                  // not yet committed
  std::vector<std::vector<PendingCopy>> groups;   // committed, oldest first
};
inline thread_local CpAsyncQueue cpAsync;
}  // namespace emu

template <class T, int R, int C>
void cp_async16(T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2, "cp_async16 copies 8 16-bit elements");
  emu::check_aligned(&dst[r][c], "cp_async16 shared destination");
  emu::check_aligned(src + off, "cp_async16 global source");
  emu::cpAsync.open.push_back({&dst[r][c], src + off});
}

inline void cp_async_commit() {
  emu::cpAsync.groups.push_back(std::move(emu::cpAsync.open));
  emu::cpAsync.open.clear();
}

template <int N>
void cp_async_wait() {
  auto& g = emu::cpAsync.groups;
  while (g.size() > static_cast<size_t>(N)) {
    for (const emu::PendingCopy& c : g.front()) std::memcpy(c.dst, c.src, 16);
    g.erase(g.begin());
  }
}

template <class T>
void load16(T* dst, const T* src, int off) {
  static_assert(sizeof(T) == 2, "load16 loads 8 16-bit elements");
  emu::check_aligned(src + off, "load16 global source");
  for (int e = 0; e < 8; ++e) dst[e] = src[off + e];
}

template <class T, int R, int C>
void store16(T (&dst)[R][C], int r, int c, const T* src) {
  static_assert(sizeof(T) == 2, "store16 stores 8 16-bit elements");
  emu::check_aligned(&dst[r][c], "store16 shared destination");
  for (int e = 0; e < 8; ++e) dst[r][c + e] = src[e];
}

}  // namespace gpu
}  // namespace sm80
}  // namespace exo
