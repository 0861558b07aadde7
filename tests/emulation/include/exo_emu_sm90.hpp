// exo_emu_sm90.hpp — the CPU emulation of exo/cuda/sm90.cuh, for the test suite: the
// same `exo::sm90::gpu::` functions, run by each emulated CUDA thread (cuda_runtime.h:
// one OS thread per CUDA thread, one running at a time, exo_emu::barrier() between
// epochs).
//
// A per-thread model, independent of the CUDA forms and of the sequential bodies, like
// exo_emu_sm80.hpp: a warpgroup instruction is done the way the warpgroup does it. For
// wgmma each thread deposits its accumulator slots in a scratch tile of its warpgroup
// (threadIdx.x / 128), placed by the wgmma_c layout, and the start addresses of its two
// operand descriptors; a barrier; each thread then computes its own slots from the
// scratch tile and from shared memory read the way the hardware reads it, through the
// descriptors (start, LBO = the array's rows * 16 bytes between core matrices adjacent
// in K, SBO = 128 bytes between core matrices adjacent in M / N: exo/cuda/sm90.cuh), with
// the warpgroup's descriptors taken from its first thread (every thread must give the
// same ones); a barrier again before the scratch is reused. A fragment that the
// generated code hands to the wrong thread or slot, or operand origins that differ
// within a warpgroup, compute a different tile (or stop the run), and the bit-for-bit
// comparisons of the tests fail.
//
// Arithmetic is the sequential body's: for each element, float(a) * float(b) added to
// the accumulator in float for k = 0, 1, .., KK - 1 in order, so a correct program's
// results are bit-identical to the sequential run (compile with -ffp-contract=off). The
// tensor core sums differently: tests/gpu/test_sm90_instrs.cu compares it with a
// tolerance.
//
// A wgmma costs two block-wide barriers here (the emulation has no narrower one): every
// warpgroup of the block (of the cluster, in a cluster launch) must issue the same
// number of wgmma between two barriers of the kernel. wgmma_fill and wgmma_store touch
// only the thread's own slots: no barrier.
//
// Clusters: each block has its own dynamic shared memory (exo_emu::block_smem()); an
// access to another block's goes to the same offset in its buffer (emu::in_block, as
// mapa does). A multicast TMA share lands in each block at that block's wait, and its
// bytes count on that block's slot (see tma_load_sw128_multicast).
#pragma once

#include "cuda_runtime.h"
#include "exo_emu_sm80.hpp"  // cp.async's queue (cp_async16_sw128 joins it)

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iterator>
#include <map>
#include <tuple>
#include <utility>
#include <vector>
#include <cstdio>
#include <cstdlib>

// The tensor map the launcher encodes (what the emulated TMA reads back).
struct CUtensorMap {
  const void* base;
  unsigned long long rows, cols, pitch;
  unsigned boxRows, boxCols;
  bool swizzle;
  unsigned elemBytes;     // the element type's size (2: bf16 / f16, 4: f32)
  unsigned swizzleBytes;  // the swizzle's row: 128, 64, 32, or 0 (plain)
  unsigned long long depth = 1;  // a 3-D map's matrices (rows x cols each, one after the other)
  unsigned boxDepth = 1;
};
using CUresult = int;
constexpr CUresult CUDA_SUCCESS = 0;

namespace exo {
namespace sm90 {
namespace host {
template <class T>
inline CUresult make_tensor_map_2d_swizzled(CUtensorMap* map, const T* base, unsigned long long rows, unsigned long long cols,
                                            unsigned long long row_pitch_bytes, unsigned box_rows, unsigned box_cols,
                                            int swizzle_bytes) {
  if (swizzle_bytes != 128 && swizzle_bytes != 64 && swizzle_bytes != 32 && swizzle_bytes != 0) return 1;
  *map = CUtensorMap{base, rows, cols, row_pitch_bytes, box_rows, box_cols, swizzle_bytes != 0, static_cast<unsigned>(sizeof(T)),
                     static_cast<unsigned>(swizzle_bytes)};
  return CUDA_SUCCESS;
}
template <class T>
inline CUresult make_tensor_map_3d_swizzled(CUtensorMap* map, const T* base, unsigned long long depth, unsigned long long rows,
                                            unsigned long long cols, unsigned box_depth, unsigned box_rows, unsigned box_cols,
                                            int swizzle_bytes) {
  const CUresult r = make_tensor_map_2d_swizzled(map, base, rows, cols, cols * sizeof(T), box_rows, box_cols, swizzle_bytes);
  map->depth = depth;
  map->boxDepth = box_depth;
  return r;
}
template <class T>
inline CUresult make_tensor_map_2d(CUtensorMap* map, const T* base, unsigned long long rows, unsigned long long cols,
                                   unsigned long long row_pitch_bytes, unsigned box_rows, unsigned box_cols, bool swizzle128) {
  return make_tensor_map_2d_swizzled(map, base, rows, cols, row_pitch_bytes, box_rows, box_cols, swizzle128 ? 128 : 0);
}
}  // namespace host
namespace gpu {

// exo::l2_policy's hinted tensor map: an L2 cache hint changes no value, so on the CPU the
// copy gets the map itself.
inline const CUtensorMap* l2_evict_first(const CUtensorMap* map) { return map; }
inline const CUtensorMap* l2_evict_last(const CUtensorMap* map) { return map; }

namespace emu {

// Fragment layout wgmma_c: element (i, n) of the 64 x N tile -> (thread of the
// warpgroup, slot) (PTX ISA, wgmma m64nNk16 accumulator D; see exo/cuda/sm90.cuh).
struct Place {
  int thread, slot;
};
inline Place wgmma_c(int i, int n) {
  return {(i / 16) * 32 + (i % 8) * 4 + (n % 8) / 2, (n / 8) * 4 + ((i % 16) / 8) * 2 + n % 2};
}

inline int thread() { return static_cast<int>(threadIdx.x % 128); }
inline int warpgroup() { return static_cast<int>(threadIdx.x / 128); }

constexpr int kMaxWarpgroups = 8;  // 1024 threads
constexpr int kMaxN = 256;

// One warpgroup's scratch: the accumulator tile of one wgmma, and each thread's
// descriptor start addresses.
constexpr int kMaxK = 64;  // an A fragment's columns (one 128-byte row of bf16)
struct Scratch {
  float d[64][kMaxN];
  float a_frag[64][kMaxK];  // the A operand from registers (wgmma_async_rs)
  const unsigned char* a[128];
  const unsigned char* b[128];
};
// Per block of a cluster too: a cluster's blocks run at once (cuda_runtime.h).
inline Scratch scratch[exo_emu::kMaxCluster][kMaxWarpgroups];

inline Scratch& mine() { return scratch[exo_emu::rank][warpgroup()]; }

inline void fail(const char* what) {
  std::fprintf(stderr, "exo emulation: %s (block %u thread %u)\n", what, blockIdx.x, threadIdx.x);
  std::abort();
}

// Element (r, k) of a K-major, no-swizzle operand whose descriptor starts at `start`
// with leading byte offset `lbo`: core matrix (r / 8, k / 8), row r % 8 (16 bytes),
// element k % 8 (PTX ISA, "Shared Memory Matrix Layout", "Matrix Descriptor Format").
template <class T>
float operand(const unsigned char* start, std::size_t lbo, int r, int k) {
  static_assert(sizeof(T) == 2, "16-bit operands");
  const unsigned char* p = start + (k / 8) * lbo + (r / 8) * 128 + (r % 8) * 16 + (k % 8) * 2;
  return float(*reinterpret_cast<const T*>(p));
}

}  // namespace emu

// ------------------------------------------------------------------ fragments
template <int N>
void wgmma_fill(float* d, float v) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n)
      if (emu::wgmma_c(i, n).thread == emu::thread()) d[emu::wgmma_c(i, n).slot] = v;
}

// ---------------------------------------------------------------------- wgmma
template <int N, int KK, class T, int KA, int RA, int KB, int RB>
void wgmma(float* d, const T (&a)[KA][RA][8], int ar, int akc, const T (&b)[KB][RB][8], int br, int bkc) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(KK % 16 == 0 && KK > 0, "wgmma k steps are 16 wide");
  emu::Scratch& s = emu::mine();
  const int me = emu::thread();
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n)
      if (emu::wgmma_c(i, n).thread == me) s.d[i][n] = d[emu::wgmma_c(i, n).slot];
  s.a[me] = reinterpret_cast<const unsigned char*>(&a[akc][ar][0]);
  s.b[me] = reinterpret_cast<const unsigned char*>(&b[bkc][br][0]);
  exo_emu::barrier();
  // The warpgroup's descriptors: its first thread's, the same for all.
  const unsigned char* pa = s.a[0];
  const unsigned char* pb = s.b[0];
  if (s.a[me] != pa || s.b[me] != pb) emu::fail("wgmma operands differ within the warpgroup");
  if (reinterpret_cast<std::uintptr_t>(pa) % 16 != 0 || reinterpret_cast<std::uintptr_t>(pb) % 16 != 0)
    emu::fail("wgmma operand start is not 16-byte aligned");
  const std::size_t lba = std::size_t(RA) * 16, lbb = std::size_t(RB) * 16;
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n) {
      const emu::Place p = emu::wgmma_c(i, n);
      if (p.thread != me) continue;
      float acc = s.d[i][n];
      for (int k = 0; k < KK; ++k) acc += emu::operand<T>(pa, lba, i, k) * emu::operand<T>(pb, lbb, n, k);
      d[p.slot] = acc;
    }
  exo_emu::barrier();
}

// Asynchronous wgmma, adversarially: the whole multiply (the reads of a and b, the
// update of d) runs as late as the hardware may run it, at the wgmma_wait that completes
// its group, so a program that rewrites an operand or reads d before the wait computes
// something else than the sequential run. Every thread of the block reaches the same
// waits (the emulated wgmma's barriers are block-wide), as for the synchronous form.
namespace emu {
inline thread_local std::vector<std::function<void()>> wgmmaGroups;  // oldest first
}  // namespace emu

template <int N, int KK, class T, int KA, int RA, int KB, int RB>
void wgmma_async(float* d, const T (&a)[KA][RA][8], int ar, int akc, const T (&b)[KB][RB][8], int br, int bkc,
                 bool accumulate) {
  emu::wgmmaGroups.push_back([=, &a, &b] {
    if (!accumulate)
      for (int s = 0; s < N / 2; ++s) d[s] = 0.f;
    wgmma<N, KK, T, KA, RA, KB, RB>(d, a, ar, akc, b, br, bkc);
  });
}

template <int P, int N>
void wgmma_wait(float*) {
  auto& g = emu::wgmmaGroups;
  while (g.size() > static_cast<std::size_t>(P)) {
    std::function<void()> oldest = std::move(g.front());
    g.erase(g.begin());
    oldest();
  }
}

// ------------------------------------------------------------ swizzled tiles
// The 128-byte swizzle, as the hardware applies it (docs/sm90-async-facts.md): element
// (r, k) of a tile whose row 0 is 1024-byte aligned lives at row r, chunk (k / 8) ^ (r % 8).
namespace emu {
// The byte offset of byte b of row r in a tile whose rows are W = 128, 64 or 32 bytes,
// stored in the swizzle of that width: address bits 4 .. 4 + log2(W / 16) - 1 (the
// 16-byte chunk in the row) XOR bits 7 .. (CUTLASS's Swizzle<3,4,3>, <2,4,3>, <1,4,3>):
// chunk j of row r at j ^ (r % 8) for 128, j ^ ((r / 2) % 4) for 64, j ^ ((r / 4) % 2)
// for 32; the tile's row 0 is aligned to the pattern's period (8 W bytes).
inline std::size_t swizzled_offset(int W, int r, int b) {
  const std::size_t o = static_cast<std::size_t>(r) * W + b;
  return o ^ (((o >> 7) & static_cast<std::size_t>(W / 16 - 1)) << 4);
}
template <class T>
float operand_swizzled(const unsigned char* tile, int W, int r, int k) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "16- or 32-bit operands");
  return float(*reinterpret_cast<const T*>(tile + swizzled_offset(W, r, k * static_cast<int>(sizeof(T)))));
}
// Element (r, k) of a swizzled tile of T (16-bit: 8 a chunk; f32: 4 a chunk).
template <class T>
float operand_sw128(const unsigned char* tile, int r, int k) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "16- or 32-bit operands");
  constexpr int per = 16 / sizeof(T);  // elements per 16-byte chunk
  const unsigned char* p = tile + r * 128 + ((((k / per) ^ r) & 7) * 16) + (k % per) * sizeof(T);
  return float(*reinterpret_cast<const T*>(p));
}
}  // namespace emu

template <class T, int R, int C>
void cp_async16_sw128(T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2 && C == 64, "a swizzled tile of 16-bit elements has rows of 64");
  unsigned char* p = reinterpret_cast<unsigned char*>(&dst[0][0]) + r * 128 + ((((c / 8) ^ r) & 7) * 16);
  exo::sm80::gpu::emu::check_aligned(p, "cp_async16_sw128 shared destination");
  exo::sm80::gpu::emu::check_aligned(src + off, "cp_async16_sw128 global source");
  exo::sm80::gpu::emu::cpAsync.open.push_back({p, src + off});
}

// The multiply itself, now (wgmma_async_sw128 defers it to the completing wait).
// 16-bit tiles (rows of 64, k16 steps) or f32 tiles multiplied as tf32 (rows of 32, k8
// steps; each operand truncated to tf32 as the tensor core reads it).
template <int N, int KK, class T, int RA, int RB, int C>
void wgmma_swizzled_now(float* d, const T (&a)[RA][C], int ar, int ac, const T (&b)[RB][C], int br, int bc, bool accumulate);
template <int N, int KK, class T, int RA, int RB, int C>
void wgmma_sw128_now(float* d, const T (&a)[RA][C], int ar, int ac, const T (&b)[RB][C], int br, int bc, bool accumulate) {
  static_assert(C * sizeof(T) == 128, "swizzled rows of 128 bytes");
  wgmma_swizzled_now<N, KK, T, RA, RB, C>(d, a, ar, ac, b, br, bc, accumulate);
}

// The multiply of tiles of rows of W = C * sizeof(T) bytes in the swizzle of that width,
// now (wgmma_async_swizzled and wgmma_async_sw128 defer it to the completing wait).
// 16-bit tiles (k16 steps) or f32 tiles multiplied as tf32 (k8 steps; each operand
// truncated to tf32 as the tensor core reads it).
template <int N, int KK, class T, int RA, int RB, int C>
void wgmma_swizzled_now(float* d, const T (&a)[RA][C], int ar, int ac, const T (&b)[RB][C], int br, int bc, bool accumulate) {
  constexpr int step = sizeof(T) == 4 ? 8 : 16;
  constexpr int W = C * static_cast<int>(sizeof(T));
  auto operand = [](const unsigned char* t, int r, int k) {
    const float v = emu::operand_swizzled<T>(t, W, r, k);
    return sizeof(T) == 4 ? exo::tf32_truncate(v) : v;
  };
  emu::Scratch& s = emu::mine();
  const int me = emu::thread();
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n)
      if (emu::wgmma_c(i, n).thread == me) s.d[i][n] = accumulate ? d[emu::wgmma_c(i, n).slot] : 0.f;
  s.a[me] = reinterpret_cast<const unsigned char*>(&a[ar][ac]);
  s.b[me] = reinterpret_cast<const unsigned char*>(&b[br][bc]);
  exo_emu::barrier();
  if (s.a[me] != s.a[0] || s.b[me] != s.b[0]) emu::fail("wgmma operands differ within the warpgroup");
  if (ar % 8 != 0 || br % 8 != 0 || ac % step != 0 || bc % step != 0) emu::fail("swizzled wgmma tile not at a row group / k step");
  const unsigned char* ta = reinterpret_cast<const unsigned char*>(&a[0][0]);
  const unsigned char* tb = reinterpret_cast<const unsigned char*>(&b[0][0]);
  if (reinterpret_cast<std::uintptr_t>(ta) % (8 * W) != 0 || reinterpret_cast<std::uintptr_t>(tb) % (8 * W) != 0)
    emu::fail("swizzled wgmma tile not aligned to the swizzle's period");
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n) {
      const emu::Place p = emu::wgmma_c(i, n);
      if (p.thread != me) continue;
      float acc = s.d[i][n];
      for (int k = 0; k < KK; ++k) acc += operand(ta, ar + i, ac + k) * operand(tb, br + n, bc + k);
      d[p.slot] = acc;
    }
  exo_emu::barrier();
}

template <int N, int KK, class T, int RA, int RB, int C>
void wgmma_async_swizzled(float* d, const T (&a)[RA][C], int ar, int ac, const T (&b)[RB][C], int br, int bc,
                          bool accumulate) {
  emu::wgmmaGroups.push_back(
      [=, &a, &b] { wgmma_swizzled_now<N, KK, T, RA, RB, C>(d, a, ar, ac, b, br, bc, accumulate); });
}

template <int N, int KK, class T, int RA, int RB, int C>
void wgmma_async_sw128(float* d, const T (&a)[RA][C], int ar, int ac, const T (&b)[RB][C], int br, int bc,
                       bool accumulate) {
  emu::wgmmaGroups.push_back(
      [=, &a, &b] { wgmma_sw128_now<N, KK, T, RA, RB, C>(d, a, ar, ac, b, br, bc, accumulate); });
}

// ------------------------------------------------------- wgmma with A from registers
namespace emu {
// Fragment layout wgmma_a_tf32 (model/Fragment.cpp; wgmma_a, 16-bit, is wgmma_c's).
inline Place wgmma_a_tf32(int i, int k) {
  return {(i / 16) * 32 + (i % 8) * 4 + k % 4, (k / 8) * 4 + ((k % 8) / 4) * 2 + (i % 16) / 8};
}
template <class T>
Place wgmma_a(int i, int k) {
  return sizeof(T) == 4 ? wgmma_a_tf32(i, k) : wgmma_c(i, k);
}
template <class T, int KK, int R, int C>
void load_a(T* a, const T (&tile)[R][C], int ar, int ac) {
  constexpr int W = C * static_cast<int>(sizeof(T));
  const unsigned char* t = reinterpret_cast<const unsigned char*>(&tile[0][0]);
  if (reinterpret_cast<std::uintptr_t>(t) % (8 * W) != 0) fail("wgmma_load_a: tile not aligned to the swizzle's period");
  if (ac % (sizeof(T) == 4 ? 4 : 8) != 0) fail("wgmma_load_a: column not at a chunk");
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < KK; ++k) {
      const Place p = wgmma_a<T>(i, k);
      if (p.thread != thread()) continue;
      if (ar + i < 0 || ar + i >= R || ac + k < 0 || ac + k >= C) fail("wgmma_load_a: outside the tile");
      a[p.slot] = *reinterpret_cast<const T*>(t + swizzled_offset(W, ar + i, (ac + k) * static_cast<int>(sizeof(T))));
    }
}
// The multiply, at the completing wait: the warpgroup's A fragments gathered from every
// thread's registers (as they are then: a program that rewrote them after the issue
// computes something else than its sequential run), b from its swizzled tile.
template <int N, class T, int KK, int RB, int C>
void wgmma_rs_now(float* d, const T* a, const T (&b)[RB][C], int br, int bc, bool accumulate) {
  static_assert(KK <= kMaxK, "the emulation's A scratch");
  constexpr int W = C * static_cast<int>(sizeof(T));
  constexpr int step = sizeof(T) == 4 ? 8 : 16;
  auto value = [](float v) { return sizeof(T) == 4 ? exo::tf32_truncate(v) : v; };
  Scratch& s = mine();
  const int me = thread();
  for (int i = 0; i < 64; ++i) {
    for (int n = 0; n < N; ++n)
      if (wgmma_c(i, n).thread == me) s.d[i][n] = accumulate ? d[wgmma_c(i, n).slot] : 0.f;
    for (int k = 0; k < KK; ++k)
      if (wgmma_a<T>(i, k).thread == me) s.a_frag[i][k] = value(float(a[wgmma_a<T>(i, k).slot]));
  }
  s.b[me] = reinterpret_cast<const unsigned char*>(&b[br][bc]);
  exo_emu::barrier();
  if (s.b[me] != s.b[0]) fail("wgmma operands differ within the warpgroup");
  if (br % 8 != 0 || bc % step != 0) fail("swizzled wgmma tile not at a row group / k step");
  const unsigned char* tb = reinterpret_cast<const unsigned char*>(&b[0][0]);
  if (reinterpret_cast<std::uintptr_t>(tb) % (8 * W) != 0) fail("swizzled wgmma tile not aligned to the swizzle's period");
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n) {
      const Place p = wgmma_c(i, n);
      if (p.thread != me) continue;
      float acc = s.d[i][n];
      for (int k = 0; k < KK; ++k) acc += s.a_frag[i][k] * value(operand_swizzled<T>(tb, W, br + n, bc + k));
      d[p.slot] = acc;
    }
  exo_emu::barrier();
}
}  // namespace emu

template <class T, int KK, int R, int C>
void wgmma_load_a(T* a, const T (&tile)[R][C], int ar, int ac) {
  emu::load_a<T, KK, R, C>(a, tile, ar, ac);
}
template <int KK, int R, int C>
void wgmma_load_a(float* a, const float (&tile)[R][C], int ar, int ac) {
  emu::load_a<float, KK, R, C>(a, tile, ar, ac);
}
// Element (i, k) of the fragment from the accumulator's (i, c0 + k): both in this thread.
template <class T, int KK, int N>
void wgmma_a_from_c(T* a, const float* d, int c0) {
  if (c0 % 8 != 0 || c0 < 0 || c0 + KK > N) emu::fail("wgmma_a_from_c: columns outside the accumulator");
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < KK; ++k) {
      const emu::Place from = emu::wgmma_c(i, c0 + k), to = emu::wgmma_a<T>(i, k);
      if (from.thread != to.thread) emu::fail("wgmma_a_from_c: an element would change threads");
      if (to.thread == emu::thread()) a[to.slot] = T(d[from.slot]);
    }
}
template <int N, class T, int KK, int RB, int C>
void wgmma_async_rs(float* d, const T* a, const T (&b)[RB][C], int br, int bc, bool accumulate) {
  emu::wgmmaGroups.push_back([=, &b] { emu::wgmma_rs_now<N, T, KK, RB, C>(d, a, b, br, bc, accumulate); });
}
template <int N, int KK, int RB, int C>
void wgmma_async_rs(float* d, const float* a, const float (&b)[RB][C], int br, int bc, bool accumulate) {
  emu::wgmmaGroups.push_back([=, &b] { emu::wgmma_rs_now<N, float, KK, RB, C>(d, a, b, br, bc, accumulate); });
}

// ------------------------------------------------------------ TMA and mbarrier rings
// A TMA copy lands at the first wait for its ring position (as late as a program that
// waits may observe it): a read that does not wait for the position sees old contents.
namespace emu {
struct PendingTma {
  const std::uint64_t* slot;  // the slot (of the destination's block) it completes on
  int position;
  std::function<void()> copy;
};
inline std::vector<PendingTma> pendingTma;  // one emulated thread runs at a time
// Each (slot, position) phase so far: its arrivals (a copy's arrive.expect_tx counts one,
// an arrival one) and its transaction bytes, announced by arrive.expect_tx minus those
// delivered by the copies issued so far (negative while a peer block's multicast share
// is issued before this block's announcement, as the hardware's tx-count may be). A wait
// blocks (exo_emu::wait_until) until the position has the slot's initialized count and no
// bytes outstanding, so a consumer that runs before its producer(s) waits as on the GPU.
struct Phase {
  unsigned arrivals = 0;
  long long bytes = 0;
};
inline std::map<std::pair<const std::uint64_t*, int>, Phase> phases;

inline bool complete(const std::uint64_t* slot, int position) {
  auto it = phases.find({slot, position});
  return it != phases.end() && it->second.arrivals >= *slot && it->second.bytes == 0;
}
// On the GPU a slot has one phase at a time: an arrival or bytes for position p while
// position p - S (the slot's previous phase) is incomplete would count towards that one.
// (The data lands late here, so this is what shows a producer running ahead.)
inline void check_previous(const std::uint64_t* slot, int position, int S) {
  if (position >= S && !complete(slot, position - S))
    fail("a ring position's arrival or copy before the slot's previous phase (position - S) completed");
}
inline void arrive(const std::uint64_t* slot, int position, int S) {
  check_previous(slot, position, S);
  // On the GPU an arrival past the count goes to the slot's next phase: never right.
  if (++phases[{slot, position}].arrivals > *slot) fail("more arrivals at a ring position than its slot's count");
}

// The object at p's offset in the shared memory of block `rank` of the cluster (mapa):
// p must lie in this block's dynamic shared memory.
template <class T>
T* in_block(T* p, unsigned rank) {
  const auto* b = reinterpret_cast<const unsigned char*>(p);
  const unsigned char* mine = exo_emu::block_smem();
  if (b < mine || b >= mine + exo_emu::kSmemBytes) fail("cluster access outside the block's dynamic shared memory");
  return reinterpret_cast<T*>(exo_emu::smem[rank] + (b - mine));
}

// A TMA copy's destination tile, checked against its tensor map: the row pitch, a box
// of `boxRows` x 64, a 1024-byte aligned swizzled destination.
template <class T>
unsigned char* checked_tile(T* first, const CUtensorMap* map, int ld, int boxRows) {
  if (ld != static_cast<int>(map->cols)) fail("TMA row pitch differs from the tensor map");
  const unsigned W = map->swizzleBytes;
  if (W == 0) fail("TMA into a swizzled tile through a plain tensor map");
  if (map->boxRows != static_cast<unsigned>(boxRows) || map->boxCols != W / sizeof(T) || map->elemBytes != sizeof(T))
    fail("TMA box differs from the tensor map");
  unsigned char* tile = reinterpret_cast<unsigned char*>(first);
  if (reinterpret_cast<std::uintptr_t>(tile) % (8 * W) != 0) fail("TMA swizzled destination not aligned to the swizzle's period");
  return tile;
}

// A 3-D copy's tensor as the instruction names it (depth, rows) against its tensor map.
inline void check_shape_3d(const CUtensorMap* map, int depth, int rows) {
  if (depth != static_cast<int>(map->depth) || rows != static_cast<int>(map->rows))
    fail("TMA 3-D tensor's depth or rows differ from the tensor map");
}

// Copies rows [from, to) of the box at (depth d0, row r0, column c0) of `map` into those
// rows of the swizzled tile (zeros outside the tensor: TMA's out-of-bounds fill). A 3-D
// box of `depthRows` rows a matrix has its matrices' rows one after the other (row b of
// the box: depth d0 + b / depthRows, row r0 + b % depthRows); a 2-D one (depthRows 0)
// rows r0 + b of depth d0. The swizzle follows the tile's bytes.
inline std::function<void()> box_copy(unsigned char* tile, const CUtensorMap* map, int from, int to, int r0, int c0,
                                      int d0 = 0, int depthRows = 0) {
  const unsigned char* base = static_cast<const unsigned char*>(map->base);
  const unsigned long long rows = map->rows, cols = map->cols, pitch = map->pitch, depth = map->depth;
  const int e = static_cast<int>(map->elemBytes), W = static_cast<int>(map->swizzleBytes);  // bytes per element, per row
  return [=] {
    for (int r = from; r < to; ++r)
      for (int c = 0; c < W / e; ++c) {
        unsigned char* d = tile + swizzled_offset(W, r, c * e);
        const int dr = depthRows > 0 ? r / depthRows : 0, rr = depthRows > 0 ? r % depthRows : r;
        const unsigned long long gd = static_cast<unsigned long long>(d0 + dr);
        const unsigned long long gr = static_cast<unsigned long long>(r0 + rr), gc = static_cast<unsigned long long>(c0 + c);
        if (gd < depth && gr < rows && gc < cols) std::memcpy(d, base + (gd * rows + gr) * pitch + gc * e, e);
        else std::memset(d, 0, e);
      }
  };
}
}  // namespace emu

inline void mbarrier_init(std::uint64_t* bar, unsigned count) {
  *bar = count;
  for (auto it = emu::phases.begin(); it != emu::phases.end();)
    it = it->first.first == bar ? emu::phases.erase(it) : std::next(it);
}
inline void mbarrier_init_fence() {}

// Thread-block clusters (cuda_runtime.h runs a cluster's blocks as one group).
inline unsigned cluster_rank() { return exo_emu::rank; }
inline unsigned cluster_blocks() { return exo_emu::clusterBlocks; }
inline int cluster_coord(unsigned stride, unsigned trip) { return static_cast<int>(cluster_rank() / stride % trip); }
inline void cluster_sync() { exo_emu::barrier(); }
// Distributed shared memory: the same offset in block `rank`'s buffer.
template <class T>
T& peer(T& local, unsigned rank) {
  if (rank >= exo_emu::clusterBlocks) emu::fail("distributed shared memory access to a block outside the cluster");
  return *emu::in_block(&local, rank);
}

// A tile of any swizzle (the tensor map's): its bytes count as delivered at issue
// (announced and delivered alike): only the arrival matters for the phase; the data
// still lands at the wait.
template <class T, int R, int C, int S>
void tma_load_swizzled(T (&dst)[R][C], const CUtensorMap* map, int ld, int r0, int c0, std::uint64_t (&ring)[S],
                       int position) {
  if (C * sizeof(T) != map->swizzleBytes) emu::fail("TMA tile rows differ from the tensor map's swizzle");
  unsigned char* tile = emu::checked_tile(&dst[0][0], map, ld, R);
  emu::arrive(&ring[position % S], position, S);
  emu::pendingTma.push_back({&ring[position % S], position, emu::box_copy(tile, map, 0, R, r0, c0)});
}
// A 3-D box (exo/sm90.hpp's tma_load over a batch): the map's box is the tile.
template <class T, int D, int R, int C, int S>
void tma_load_3d(T (&dst)[D][R][C], const CUtensorMap* map, int depth, int rows, int ld, int d0, int r0, int c0,
                 std::uint64_t (&ring)[S], int position) {
  if (C * sizeof(T) != map->swizzleBytes) emu::fail("TMA tile rows differ from the tensor map's swizzle");
  emu::check_shape_3d(map, depth, rows);
  if (map->boxDepth != static_cast<unsigned>(D)) emu::fail("TMA box depth differs from the tensor map");
  unsigned char* tile = emu::checked_tile(&dst[0][0][0], map, ld, R);
  emu::arrive(&ring[position % S], position, S);
  emu::pendingTma.push_back({&ring[position % S], position, emu::box_copy(tile, map, 0, D * R, r0, c0, d0, R)});
}
template <class T, int R, int C, int S>
void tma_load_3d(T (&dst)[R][C], const CUtensorMap* map, int depth, int rows, int ld, int d0, int r0, int c0,
                 std::uint64_t (&ring)[S], int position) {
  tma_load_3d<T, 1, R, C, S>(reinterpret_cast<T (&)[1][R][C]>(dst), map, depth, rows, ld, d0, r0, c0, ring, position);
}
template <class T, int R, int C, int S>
void tma_load_sw128(T (&dst)[R][C], const CUtensorMap* map, int ld, int r0, int c0, std::uint64_t (&ring)[S],
                    int position) {
  static_assert(C * sizeof(T) == 128, "box rows of 128 bytes");
  tma_load_swizzled<T, R, C, S>(dst, map, ld, r0, c0, ring, position);
}

// The block with index `share` among the `shares` blocks of `mask` copies rows
// [share R / shares, (share + 1) R / shares) of the box to the same tile offset in every
// block of the mask, each share completing its bytes on the slot at the same offset in
// that block; this block announces the whole box (one arrival, R x 64 elements) on its
// own slot, so its position completes once all the shares were issued (and its count
// reached). The tensor map's box is one share.
template <class T, int R, int C, int S>
void tma_load_sw128_multicast(T (&dst)[R][C], const CUtensorMap* map, int ld, int r0, int c0, std::uint64_t (&ring)[S],
                              int position, std::uint16_t mask, int share, int shares) {
  static_assert(C * sizeof(T) == 128, "box rows of 128 bytes");
  const unsigned n = exo_emu::clusterBlocks;
  int members = 0;
  for (unsigned k = 0; k < n; ++k) members += (mask >> k) & 1;
  if ((mask >> n) != 0 || !((mask >> exo_emu::rank) & 1) || members != shares || share < 0 || share >= shares)
    emu::fail("a multicast mask outside the cluster, without this block, or not of `shares` blocks");
  // Whole 8-row groups per share: the 128-byte swizzle repeats every 8 rows.
  if (R % (8 * shares) != 0) emu::fail("multicast box rows are not a multiple of 8 x the blocks it reaches");
  const int rows = R / shares;
  unsigned char* tile = emu::checked_tile(&dst[0][0], map, ld, rows);  // the map's box is one share
  const std::uint64_t* slot = &ring[position % S];
  emu::arrive(slot, position, S);
  emu::phases[{slot, position}].bytes += static_cast<long long>(R) * C * sizeof(T);
  for (unsigned k = 0; k < n; ++k) {
    if (!((mask >> k) & 1)) continue;
    const std::uint64_t* peerSlot = emu::in_block(slot, k);
    emu::check_previous(peerSlot, position, S);
    emu::phases[{peerSlot, position}].bytes -= static_cast<long long>(rows) * C * sizeof(T);
    const int from = share * rows;
    emu::pendingTma.push_back({peerSlot, position, emu::box_copy(emu::in_block(tile, k), map, from, from + rows, r0, c0)});
  }
}
// The whole cluster: the block of rank r issues share r of n.
template <class T, int R, int C, int S>
void tma_load_sw128_multicast(T (&dst)[R][C], const CUtensorMap* map, int ld, int r0, int c0, std::uint64_t (&ring)[S],
                              int position) {
  const unsigned n = exo_emu::clusterBlocks;
  tma_load_sw128_multicast(dst, map, ld, r0, c0, ring, position, static_cast<std::uint16_t>((1u << n) - 1),
                           static_cast<int>(exo_emu::rank), static_cast<int>(n));
}

template <class T, int R, int C, int S>
void tma_load_sw128_fill(T (&dst)[R][C], const CUtensorMap* map, int rows, int ld, int r0, int c0,
                         std::uint64_t (&ring)[S], int position) {
  if (rows != static_cast<int>(map->rows)) emu::fail("TMA row count differs from the tensor map");
  tma_load_sw128<T, R, C, S>(dst, map, ld, r0, c0, ring, position);  // fills outside the map with zeros
}

template <int S>
void mbarrier_wait_ring(std::uint64_t (&ring)[S], int position) {
  // Positions -S .. -1: the phase before each slot's first, complete on a fresh ring.
  if (position < 0) {
    if (position < -S) emu::fail("a wait for a ring position before -S never returns");
    return;
  }
  const std::uint64_t* slot = &ring[position % S];
  exo_emu::wait_until([slot, position] { return emu::complete(slot, position); });
  auto& p = emu::pendingTma;
  for (size_t i = 0; i < p.size();) {
    if (p[i].slot == slot && p[i].position == position) {
      std::function<void()> copy = std::move(p[i].copy);
      p.erase(p.begin() + static_cast<std::ptrdiff_t>(i));
      copy();
    } else {
      ++i;
    }
  }
}

// An arrival counts towards its position's phase (a wait for it blocks until all arrive).
template <int S>
void mbarrier_arrive_ring(std::uint64_t (&ring)[S], int position) {
  emu::arrive(&ring[position % S], position, S);
}

// One arrival per warp: the warp's arrival happens when its last lane reaches the call
// (the CUDA form's __syncwarp, then lane 0's arrival), so what any lane did before the
// call is before it.
namespace emu {
inline std::map<std::tuple<const std::uint64_t*, int, unsigned>, int> warpArrivals;  // lanes arrived so far
}
template <int S>
void mbarrier_arrive_warp_ring(std::uint64_t (&ring)[S], int position) {
  const std::uint64_t* slot = &ring[position % S];
  auto key = std::make_tuple(slot, position, static_cast<unsigned>(threadIdx.x / 32));
  if (++emu::warpArrivals[key] < 32) return;
  emu::warpArrivals.erase(key);
  emu::arrive(slot, position, S);
}

// One arrival at the position on the slot at the same offset in every block of the
// cluster (each slot counts the arrivals of all the blocks).
template <int S>
void mbarrier_arrive_cluster_ring(std::uint64_t (&ring)[S], int position) {
  for (unsigned k = 0; k < exo_emu::clusterBlocks; ++k) emu::arrive(emu::in_block(&ring[position % S], k), position, S);
}

template <class T, int N>
void wgmma_store_clip(T* C, int rows, int ldc, int r0, int c0, const float* d) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n)
      if (emu::wgmma_c(i, n).thread == emu::thread() && r0 + i < rows && c0 + n < ldc)
        C[(r0 + i) * ldc + c0 + n] = T(d[emu::wgmma_c(i, n).slot]);
}

// Register budgets move no data.
template <int R>
void setmaxnreg_dec() {}
template <int R>
void setmaxnreg_inc() {}

template <class T, int N>
void wgmma_store(T* C, int ldc, int r0, int c0, const float* d) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n)
      if (emu::wgmma_c(i, n).thread == emu::thread()) C[(r0 + i) * ldc + c0 + n] = T(d[emu::wgmma_c(i, n).slot]);
}

// The emulation runs one thread at a time between scheduling points: a plain += is atomic.
template <int N>
void wgmma_store_add(float* C, int ldc, int r0, int c0, const float* d) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n)
      if (emu::wgmma_c(i, n).thread == emu::thread()) C[(r0 + i) * ldc + c0 + n] += d[emu::wgmma_c(i, n).slot];
}

// The TMA epilogue: each thread puts its elements of every slice into `stage` (which
// holds the last slice after the call, as the meaning says) and into C, through the
// tensor map's base and pitch, only inside its dims as TMA does (a store, or an
// addition: one emulated thread runs at a time). A C or stage that the map or the tile
// does not describe fails the run.
template <bool Add, int N, int W>
void wgmma_store_staged(const CUtensorMap* map, int r0, int c0, const float* d, float (&stage)[64][W]) {
  static_assert(W % 8 == 0 && W <= 256 && N % W == 0, "slices of W columns, a multiple of 8, that divide N");
  if (map->elemBytes != 4 || map->boxRows != 64 || map->boxCols != static_cast<unsigned>(W) || map->swizzle)
    emu::fail("TMA store: the tensor map's box is not the 64 x W staging tile of floats");
  exo::sm80::gpu::emu::check_aligned(&stage[0][0], "TMA store shared tile", 128);
  float* C = static_cast<float*>(const_cast<void*>(map->base));
  const long long ld = static_cast<long long>(map->pitch / 4);
  for (int q = 0; q < N / W; ++q)
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < W; ++j) {
        const emu::Place at = emu::wgmma_c(i, q * W + j);
        if (at.thread != emu::thread()) continue;
        stage[i][j] = d[at.slot];
        // TMA writes only inside the tensor map's dims (the meaning says so too).
        const long long row = r0 + i, col = c0 + q * W + j;
        if (row < 0 || row >= static_cast<long long>(map->rows) || col < 0 || col >= static_cast<long long>(map->cols))
          continue;
        float& c = C[row * ld + col];
        c = Add ? c + d[at.slot] : d[at.slot];
      }
}
template <int N, int W>
void wgmma_store_tma(const CUtensorMap* map, int, int r0, int c0, const float* d, float (&stage)[64][W]) {
  wgmma_store_staged<false, N, W>(map, r0, c0, d, stage);
}
template <int N, int W>
void wgmma_store_add_tma(const CUtensorMap* map, int, int r0, int c0, const float* d, float (&stage)[64][W]) {
  wgmma_store_staged<true, N, W>(map, r0, c0, d, stage);
}

// ------------------------------------------------- the bulk-group queue (async epilogue)
// Adversarially, as cp.async's queue: a TMA store reads its tile as late as the hardware
// may (at the bulk_wait_read or bulk_wait that completes its group's reads, never at the
// call) and writes C as late as it may (at the bulk_wait that completes it, or the
// kernel's closing bulk_wait<0>). A program that writes the tile before its read
// completes, or reads C before its write does, differs from its sequential run.
inline void fence_proxy_async() {}
inline void fence_proxy_async_global() {}

template <class T, int N, int W>
void wgmma_stage(T (&stage)[64][W], const float* d, int c0) {
  static_assert(W % 8 == 0 && W <= N, "W columns, a multiple of 8");
  if (c0 % 8 != 0 || c0 < 0 || c0 + W > N) emu::fail("wgmma_stage: columns outside the accumulator");
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < W; ++j) {
      const emu::Place at = emu::wgmma_c(i, c0 + j);
      if (at.thread == emu::thread()) stage[i][j] = T(d[at.slot]);
    }
}
// The same into a swizzled tile: element (i, j) at the swizzled address of its row.
template <class T, int N, int W>
void wgmma_stage_swizzled(T (&stage)[64][W], const float* d, int c0) {
  constexpr int B = W * static_cast<int>(sizeof(T));
  if (c0 % 8 != 0 || c0 < 0 || c0 + W > N) emu::fail("wgmma_stage_swizzled: columns outside the accumulator");
  unsigned char* base = reinterpret_cast<unsigned char*>(&stage[0][0]);
  if (reinterpret_cast<std::uintptr_t>(base) % (8 * B) != 0) emu::fail("wgmma_stage_swizzled: tile not aligned to the swizzle's period");
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < W; ++j) {
      const emu::Place at = emu::wgmma_c(i, c0 + j);
      if (at.thread == emu::thread())
        *reinterpret_cast<T*>(base + emu::swizzled_offset(B, i, j * static_cast<int>(sizeof(T)))) = T(d[at.slot]);
    }
}

namespace emu {
struct PendingStore {
  const CUtensorMap* map;
  int d0, r0, c0;
  const unsigned char* tile;
  unsigned depth, rows, cols, elemBytes;  // the box
  unsigned swizzleBytes;                  // the tile's rows in that swizzle, or 0 (plain)
  std::function<void(void*, const void*)> put;  // one element: store or add
  std::vector<unsigned char> data;              // the tile as TMA read it
  bool read = false;
};
struct BulkQueue {
  std::vector<PendingStore> open;
  std::vector<std::vector<PendingStore>> groups;  // committed, oldest first
};
inline thread_local BulkQueue bulk;
inline void bulk_read(PendingStore& p) {
  if (p.read) return;
  p.data.assign(p.tile, p.tile + std::size_t(p.depth) * p.rows * p.cols * p.elemBytes);
  p.read = true;
}
inline void bulk_write(PendingStore& p) {
  bulk_read(p);
  unsigned char* C = static_cast<unsigned char*>(const_cast<void*>(p.map->base));
  for (unsigned d = 0; d < p.depth; ++d)
    for (unsigned i = 0; i < p.rows; ++i)
      for (unsigned j = 0; j < p.cols; ++j) {
        const long long mat = p.d0 + static_cast<long long>(d), row = p.r0 + static_cast<long long>(i),
                        col = p.c0 + static_cast<long long>(j);
        // TMA writes only inside the tensor map's dims.
        if (mat < 0 || mat >= static_cast<long long>(p.map->depth) || row < 0 ||
            row >= static_cast<long long>(p.map->rows) || col < 0 || col >= static_cast<long long>(p.map->cols))
          continue;
        const int tileRow = static_cast<int>(d * p.rows + i), tileByte = static_cast<int>(j * p.elemBytes);
        const std::size_t from = p.swizzleBytes ? swizzled_offset(static_cast<int>(p.swizzleBytes), tileRow, tileByte)
                                                : std::size_t(tileRow) * p.cols * p.elemBytes + tileByte;
        p.put(C + (mat * static_cast<long long>(p.map->rows) + row) * p.map->pitch + col * p.elemBytes, &p.data[from]);
      }
}
// `swizzled`: the tile is stored in the swizzle of its rows' width, and so must the map be.
template <bool Add, class T, int D, int R, int W>
void tma_store(const CUtensorMap* map, int d0, int r0, int c0, const T (&tile)[D][R][W], bool swizzled = false) {
  if (map->elemBytes != sizeof(T) || map->boxDepth != static_cast<unsigned>(D) || map->boxRows != static_cast<unsigned>(R) ||
      map->boxCols != static_cast<unsigned>(W) || map->swizzle != swizzled ||
      (swizzled && map->swizzleBytes != W * sizeof(T)))
    fail("TMA store: the tensor map's box is not the tile");
  exo::sm80::gpu::emu::check_aligned(&tile[0][0][0], "TMA store shared tile", swizzled ? 8 * W * sizeof(T) : 128);
  PendingStore p{map, d0, r0, c0, reinterpret_cast<const unsigned char*>(&tile[0][0][0]), D, R, W, sizeof(T),
                 swizzled ? static_cast<unsigned>(W * sizeof(T)) : 0u,
                 [](void* c, const void* v) {
                   T& dst = *static_cast<T*>(c);
                   const T& src = *static_cast<const T*>(v);
                   if constexpr (Add) dst = T(float(dst) + float(src)); else dst = src;
                 },
                 {}, false};
  bulk.open.push_back(std::move(p));
}
}  // namespace emu

template <class T, int R, int W>
void tma_store(const CUtensorMap* C, int, int r0, int c0, const T (&tile)[R][W]) {
  emu::tma_store<false>(C, 0, r0, c0, reinterpret_cast<const T (&)[1][R][W]>(tile));
}
template <class T, int R, int W>
void tma_store_add(const CUtensorMap* C, int, int r0, int c0, const T (&tile)[R][W]) {
  emu::tma_store<true>(C, 0, r0, c0, reinterpret_cast<const T (&)[1][R][W]>(tile));
}
template <class T, int D, int R, int W>
void tma_store_3d(const CUtensorMap* C, int depth, int rows, int, int d0, int r0, int c0, const T (&tile)[D][R][W]) {
  emu::check_shape_3d(C, depth, rows);
  emu::tma_store<false>(C, d0, r0, c0, tile);
}
template <class T, int R, int W>
void tma_store_3d(const CUtensorMap* C, int depth, int rows, int ld, int d0, int r0, int c0, const T (&tile)[R][W]) {
  tma_store_3d<T, 1, R, W>(C, depth, rows, ld, d0, r0, c0, reinterpret_cast<const T (&)[1][R][W]>(tile));
}
template <class T, int R, int W>
void tma_store_swizzled(const CUtensorMap* C, int, int r0, int c0, const T (&tile)[R][W]) {
  emu::tma_store<false>(C, 0, r0, c0, reinterpret_cast<const T (&)[1][R][W]>(tile), true);
}
template <class T, int R, int W>
void tma_store_swizzled(const CUtensorMap* C, int depth, int rows, int, int d0, int r0, int c0, const T (&tile)[R][W]) {
  emu::check_shape_3d(C, depth, rows);
  emu::tma_store<false>(C, d0, r0, c0, reinterpret_cast<const T (&)[1][R][W]>(tile), true);
}
inline void bulk_commit() {
  emu::bulk.groups.push_back(std::move(emu::bulk.open));
  emu::bulk.open.clear();
}
template <int N>
void bulk_wait_read() {
  auto& g = emu::bulk.groups;
  for (std::size_t i = 0; i + N < g.size(); ++i)
    for (emu::PendingStore& p : g[i]) emu::bulk_read(p);
}
template <int N>
void bulk_wait() {
  auto& g = emu::bulk.groups;
  while (g.size() > static_cast<std::size_t>(N)) {
    for (emu::PendingStore& p : g.front()) emu::bulk_write(p);
    g.erase(g.begin());
  }
}

}  // namespace gpu
}  // namespace sm90
}  // namespace exo
