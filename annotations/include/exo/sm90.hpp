// exo/sm90.hpp — Hopper (sm_90a) instructions: warpgroup tensor-core multiply (wgmma).
//
// Same model as exo/sm80.hpp (read its header comment): each function's body is its
// sequential meaning, its attribute names the issuing collective, the header of its
// CUDA form and that form.
//
// wgmma here reads both operands from shared memory in the "no swizzle" K-major layout
// of the PTX ISA ("Shared memory matrix layout", core matrices of 8 rows x 16 bytes):
// an operand tile of R rows and K columns is stored as `T tile[K / 8][R][8]`, so the 8
// rows of a core matrix are 16 contiguous bytes each and one core matrix is 128
// contiguous bytes. The accumulator is a `wgmma_c` fragment spread over the 128
// threads of the warpgroup (model/Fragment.cpp).
//
// `wgmma` is synchronous: the CUDA form fences, issues the wgmma instructions of the
// call, commits them and waits for them before it returns. `wgmma_async` / `wgmma_wait`
// below split the issue from the wait; the prover's async-completion rules check them.
#ifndef EXO_SM90_HPP
#define EXO_SM90_HPP

#include <exo/exo.hpp>
#include <type_traits>

#include <exo/sm80.hpp>  // cp_async_commit / cp_async_wait: cp_async16_sw128 joins their queue

namespace exo {

// A slot of an mbarrier ring (see tma_load_sw128 below): sequentially nothing.
struct mbarrier {};

namespace sm90 {

// Any value into a 64 x N f32 accumulator of a warpgroup.
template <int N>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_fill")]]
inline void wgmma_fill([[exo::fragment(wgmma_c)]] float (&d)[64][N], float v) {
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) d[i][j] = v;
}

// wgmma.mma_async.sync.aligned.m64n{N}k16.f32.{bf16,f16}: d += a * b^T over KK columns
// (the tensor core's sum order and internal precision differ from this loop's: results
// agree to the f32 rounding of the dot products, not bit for bit)
// (KK / 16 instructions, then commit and wait), with a (64 x KK) and b (N x KK) tiles of
// shared arrays in the K-major core-matrix layout: a's element (i, k) is
// a[akc + k / 8][ar + i][k % 8], b's element (j, k) is b[bkc + k / 8][br + j][k % 8].
template <int N, int KK, class T, int KA, int RA, int KB, int RB>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma")]]
inline void wgmma([[exo::fragment(wgmma_c)]] float (&d)[64][N], [[exo::shared]] const T (&a)[KA][RA][8], int ar,
                  int akc, [[exo::shared]] const T (&b)[KB][RB][8], int br, int bkc) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(KK % 16 == 0 && KK > 0, "wgmma k steps are 16 wide");
  exo::aligned(a[akc][ar][0], 16);  // descriptors address 16-byte units
  exo::aligned(b[bkc][br][0], 16);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < KK; ++k) d[i][j] += float(a[akc + k / 8][ar + i][k % 8]) * float(b[bkc + k / 8][br + j][k % 8]);
}

// --- Asynchronous wgmma (queue "wgmma"; docs/hopper.md, section 3).
// wgmma_async has wgmma's meaning, issued asynchronously: the CUDA form fences, issues
// the KK / 16 wgmma.mma_async and commits them as one group, and returns. The reads of
// a and b and the update of d happen, on the GPU, at some moment up to the
// wgmma_wait<P> that completes the group (at most P younger groups of the warpgroup
// left in flight). exo-cuda proves that nothing else touches a, b or d in between
// (later wgmma_async calls into the same accumulator may: the tensor core applies them
// in order) and that later accesses are ordered after the completing wait
// (checker/ProverAsync). The wait names the accumulator it makes readable: its CUDA
// form keeps the compiler from touching those registers before the wait. With
// `accumulate` false the call overwrites d (d = a * b^T): start an accumulator that way
// rather than with wgmma_fill, whose register writes would make ptxas serialize the
// wgmma of the pipeline.
template <int N, int KK, class T, int KA, int RA, int KB, int RB>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_async", "async_commit(wgmma)")]]
inline void wgmma_async([[exo::fragment(wgmma_c)]] float (&d)[64][N], [[exo::shared]] const T (&a)[KA][RA][8],
                        int ar, int akc, [[exo::shared]] const T (&b)[KB][RB][8], int br, int bkc, bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(KK % 16 == 0 && KK > 0, "wgmma k steps are 16 wide");
  exo::aligned(a[akc][ar][0], 16);
  exo::aligned(b[bkc][br][0], 16);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) {
      if (!accumulate) d[i][j] = 0.f;  // the first product overwrites d: no fill needed
      for (int k = 0; k < KK; ++k) d[i][j] += float(a[akc + k / 8][ar + i][k % 8]) * float(b[bkc + k / 8][br + j][k % 8]);
    }
}

// Waits until at most P of the warpgroup's wgmma_async groups are in flight.
template <int P, int N>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_wait", "await(wgmma)")]]
inline void wgmma_wait([[maybe_unused]] [[exo::fragment(wgmma_c)]] const float (&d)[64][N]) {
  static_assert(P >= 0 && P <= 7, "wgmma.wait_group takes 0 .. 7 pending groups");
}

// --- 128-byte-swizzled shared tiles. An array declared `[[exo::shared(swizzle128)]]`
// has rows of 128 bytes (64 16-bit elements) in groups of 8, and is stored the way TMA
// and wgmma's 128-byte swizzle mode expect: the 16-byte chunk j of row r at chunk
// j ^ (r % 8) of its row (docs/sm90-async-facts.md). The C++ indices stay logical: the
// meanings below read `tile[row][column]`; only instructions that take swizzled tiles
// (parameters `[[exo::shared(swizzle128)]]`) may touch such an array, and their CUDA
// forms apply the permutation. wgmma reads them without bank conflicts (the layout's
// point), which the plain core-matrix layout of `wgmma` above does not.

// cp_async16 into a swizzled tile: row r, columns c .. c + 7 (c a multiple of 8).
template <class T, int R, int C>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::cp_async16_sw128", "async(cp_async)")]]
inline void cp_async16_sw128([[exo::shared(swizzle128)]] T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2 && C == 64, "a swizzled tile of 16-bit elements has rows of 64");
  exo::aligned(dst[r][c], 16);
  exo::aligned(src[off], 16);
  for (int e = 0; e < 8; ++e) dst[r][c + e] = src[off + e];
}

// wgmma_async on swizzled tiles: d = (accumulate ? d : 0) + a * b^T over KK columns,
// a's element (i, k) is a[ar + i][ac + k], b's element (j, k) is b[br + j][bc + k]
// (K-major: a row holds one 128-byte swizzle row of k). The tiles start at row groups of
// 8 (ar, br multiples of 8: 1024-byte aligned) and at a k step inside the row. 16-bit
// tiles (rows of C = 64) multiply in k16 steps; f32 tiles (rows of 32 floats) multiply
// as tf32 in k8 steps (wgmma ... k8.f32.tf32.tf32): the tensor core reads the top 19
// bits of each float and drops the rest, exo::tf32_truncate.
template <int N, int KK, class T, int RA, int RB, int C>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_async_sw128", "async_commit(wgmma)")]]
inline void wgmma_async_sw128([[exo::fragment(wgmma_c)]] float (&d)[64][N],
                              [[exo::shared(swizzle128)]] const T (&a)[RA][C], int ar, int ac,
                              [[exo::shared(swizzle128)]] const T (&b)[RB][C], int br, int bc, bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(C * sizeof(T) == 128 && (sizeof(T) == 2 || std::is_same_v<T, float>),
                "swizzled rows of 128 bytes: 64 bf16 / f16, or 32 floats (tf32)");
  static_assert(KK % (sizeof(T) == 4 ? 8 : 16) == 0 && KK > 0 && KK <= C,
                "wgmma k steps are 16 wide (8 for tf32), inside one row");
  exo::aligned(a[ar][0], 1024);  // a group of 8 rows: the swizzle's period
  exo::aligned(b[br][0], 1024);
  exo::aligned(a[0][ac], 32);    // a k step of the row (32 bytes)
  exo::aligned(b[0][bc], 32);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) {
      if (!accumulate) d[i][j] = 0.f;
      for (int k = 0; k < KK; ++k) {
        if constexpr (sizeof(T) == 4) d[i][j] += exo::tf32_truncate(a[ar + i][ac + k]) * exo::tf32_truncate(b[br + j][bc + k]);
        else d[i][j] += float(a[ar + i][ac + k]) * float(b[br + j][bc + k]);
      }
    }
}

// wgmma_async_sw128 for tiles of any swizzle (both of one width W = C * sizeof(T): 128, 64
// or 32 bytes a row; the descriptors carry it): a row holds W / 32 k steps (k16 for
// 16-bit elements, k8 for tf32), so KK <= C; the tiles start at row groups of 8 (8 W
// bytes: the swizzle's period) and at a k step inside the row.
template <int N, int KK, class T, int RA, int RB, int C>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_async_swizzled", "async_commit(wgmma)")]]
inline void wgmma_async_swizzled([[exo::fragment(wgmma_c)]] float (&d)[64][N],
                                 [[exo::shared(swizzled)]] const T (&a)[RA][C], int ar, int ac,
                                 [[exo::shared(swizzled)]] const T (&b)[RB][C], int br, int bc, bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert((C * sizeof(T) == 128 || C * sizeof(T) == 64 || C * sizeof(T) == 32) &&
                    (sizeof(T) == 2 || std::is_same_v<T, float>),
                "swizzled rows of 128, 64 or 32 bytes of bf16 / f16, or floats (tf32)");
  static_assert(KK % (sizeof(T) == 4 ? 8 : 16) == 0 && KK > 0 && KK <= C,
                "wgmma k steps are 16 wide (8 for tf32), inside one row");
  exo::aligned(a[ar][0], 8 * C * sizeof(T));  // a group of 8 rows: the swizzle's period
  exo::aligned(b[br][0], 8 * C * sizeof(T));
  exo::aligned(a[0][ac], 32);  // a k step of the row (32 bytes)
  exo::aligned(b[0][bc], 32);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) {
      if (!accumulate) d[i][j] = 0.f;
      for (int k = 0; k < KK; ++k) {
        if constexpr (sizeof(T) == 4) d[i][j] += exo::tf32_truncate(a[ar + i][ac + k]) * exo::tf32_truncate(b[br + j][bc + k]);
        else d[i][j] += float(a[ar + i][ac + k]) * float(b[br + j][bc + k]);
      }
    }
}

// --- wgmma with A from registers (docs/hopper.md, "A from registers"). The A operand is
// a 64 x KK fragment in the registers of the warpgroup, `[[exo::fragment(wgmma_a)]]` for
// bf16 / f16 (KK a multiple of 16) or `[[exo::fragment(wgmma_a_tf32)]]` for f32
// multiplied as tf32 (KK a multiple of 8): declare it `[[exo::registers]] T a[64][KK]`
// and fill it with wgmma_load_a (from a swizzled shared tile) or wgmma_a_from_c (an
// accumulator's columns, converted: a GEMM whose result feeds the next one, as attention's
// P * V, without a trip through shared memory). wgmma_async_rs reads it asynchronously:
// the prover requires that nothing writes the fragment before the wgmma_wait that
// completes the group, as for the accumulator.

// Rows ar .. ar + 63, columns ac .. ac + KK - 1 of a swizzled tile (rows of one swizzle
// row, as wgmma_async_swizzled's operands) into the fragment: each thread loads its own
// elements (ac a multiple of 8: whole 16-byte chunks).
template <class T, int KK, int R, int C>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_load_a")]]
inline void wgmma_load_a([[exo::fragment(wgmma_a)]] T (&a)[64][KK], [[exo::shared(swizzled)]] const T (&tile)[R][C], int ar,
                         int ac) {
  static_assert(sizeof(T) == 2 && KK % 16 == 0 && KK > 0, "a bf16 / f16 fragment of k16 steps");
  static_assert(C * sizeof(T) == 128 || C * sizeof(T) == 64 || C * sizeof(T) == 32, "a swizzled tile");
  exo::expects(ac % 8 == 0);
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < KK; ++k) a[i][k] = tile[ar + i][ac + k];
}
template <int KK, int R, int C>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_load_a")]]
inline void wgmma_load_a([[exo::fragment(wgmma_a_tf32)]] float (&a)[64][KK], [[exo::shared(swizzled)]] const float (&tile)[R][C],
                         int ar, int ac) {
  static_assert(KK % 8 == 0 && KK > 0, "a tf32 fragment of k8 steps");
  static_assert(C * 4 == 128 || C * 4 == 64 || C * 4 == 32, "a swizzled tile");
  exo::expects(ac % 4 == 0);
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < KK; ++k) a[i][k] = tile[ar + i][ac + k];
}

// Columns c0 .. c0 + KK - 1 of an accumulator, rounded to T, as an A fragment: every
// element stays in its thread (wgmma_a places element (i, k) where wgmma_c places
// (i, c0 + k) for c0 a multiple of 8), so the CUDA form only converts registers.
template <class T, int KK, int N>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_a_from_c")]]
inline void wgmma_a_from_c([[exo::fragment(wgmma_a)]] T (&a)[64][KK], [[exo::fragment(wgmma_c)]] const float (&d)[64][N],
                           int c0) {
  static_assert(sizeof(T) == 2 && KK % 16 == 0 && KK > 0 && KK <= N, "a bf16 / f16 fragment of k16 steps");
  exo::expects(c0 % 8 == 0);
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < KK; ++k) a[i][k] = T(d[i][c0 + k]);
}

// wgmma_async_swizzled with A from the fragment `a`: d = (accumulate ? d : 0) + a * b^T
// over KK columns (the fragment's), b's element (j, k) at b[br + j][bc + k] of a swizzled
// tile (br a multiple of 8, bc a k step of the row: KK <= C - bc). Asynchronous (queue
// "wgmma"): a, b and d belong to the tensor core until the completing wgmma_wait.
template <int N, class T, int KK, int RB, int C>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_async_rs", "async_commit(wgmma)")]]
inline void wgmma_async_rs([[exo::fragment(wgmma_c)]] float (&d)[64][N], [[exo::fragment(wgmma_a)]] const T (&a)[64][KK],
                           [[exo::shared(swizzled)]] const T (&b)[RB][C], int br, int bc, bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(sizeof(T) == 2 && KK % 16 == 0 && KK > 0 && KK <= C, "k16 steps of bf16 / f16 inside one row of b");
  static_assert(C * sizeof(T) == 128 || C * sizeof(T) == 64 || C * sizeof(T) == 32, "a swizzled b tile");
  exo::aligned(b[br][0], 8 * C * sizeof(T));  // a group of 8 rows: the swizzle's period
  exo::aligned(b[0][bc], 32);                 // a k step of the row (32 bytes)
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) {
      if (!accumulate) d[i][j] = 0.f;
      for (int k = 0; k < KK; ++k) d[i][j] += float(a[i][k]) * float(b[br + j][bc + k]);
    }
}
template <int N, int KK, int RB, int C>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_async_rs", "async_commit(wgmma)")]]
inline void wgmma_async_rs([[exo::fragment(wgmma_c)]] float (&d)[64][N], [[exo::fragment(wgmma_a_tf32)]] const float (&a)[64][KK],
                           [[exo::shared(swizzled)]] const float (&b)[RB][C], int br, int bc, bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(KK % 8 == 0 && KK > 0 && KK <= C, "k8 steps of tf32 inside one row of b");
  static_assert(C * 4 == 128 || C * 4 == 64 || C * 4 == 32, "a swizzled b tile");
  exo::aligned(b[br][0], 8 * C * 4);
  exo::aligned(b[0][bc], 32);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) {
      if (!accumulate) d[i][j] = 0.f;
      for (int k = 0; k < KK; ++k) d[i][j] += exo::tf32_truncate(a[i][k]) * exo::tf32_truncate(b[br + j][bc + k]);
    }
}

// --- TMA and mbarrier rings (docs/hopper.md, sections 2 and 4).
// `[[exo::shared]] exo::mbarrier full[S];` is a ring of S mbarriers: position p of the
// ring is slot p % S in its phase p / S. A TMA copy signals one position; the threads
// that read what it wrote wait for that position first. The program names positions
// only (the loop's k, say): exo-cuda derives each slot's arrival count (one per copy
// that signals the ring), the bytes each copy expects (its box) and the parity a wait
// tests ((p / S) % 2), and proves that every reader waits for the right position, that
// every position it waits for is signalled by all the ring's copies before (in the
// sequential program) the wait, and that a slot's next phase cannot be signalled
// before every waiter has seen the previous one (checker/ProverAsync).
// Sequentially an mbarrier is nothing and a wait does nothing.

// TMA: rows r0 .. r0 + R - 1, columns c0 .. c0 + 63 of the row-major global tensor
// `src` (row pitch `ld` elements: the tensor's `exo::extent(src, rows, ld)`) into a
// swizzled tile, signalling position `position` of `ring`. Issued by one thread. The box's
// rows must lie inside the tensor (the prover checks the reads against its extent); its
// columns outside a row are zeros, as TMA fills them.
// A box row is one 128-byte swizzle row: C = 64 16-bit elements (bf16, f16) or 32 floats
// (tf32 GEMMs).
template <class T, int R, int C, int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_load_sw128", "async_ring(tma)")]]
inline void tma_load_sw128([[exo::shared(swizzle128)]] T (&dst)[R][C], const T* src, int ld, int r0, int c0,
                           [[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S], [[maybe_unused]] int position) {
  static_assert(R >= 8 && R <= 256 && R % 8 == 0, "a TMA box of 8 .. 256 rows");
  static_assert((sizeof(T) == 2 || sizeof(T) == 4) && C * sizeof(T) == 128, "box rows of 128 bytes: 64 16-bit or 32 32-bit elements");
  exo::aligned(src[r0 * ld + c0], 16);
  // A column outside the row (the box crossing the tensor's left or right edge) is a
  // zero, as TMA fills it, not the neighbouring row's element the flat index would reach.
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) dst[r][c] = 0 <= c0 + c && c0 + c < ld ? src[(r0 + r) * ld + c0 + c] : T(0.0f);
}

// tma_load_sw128 for a tile of any swizzle (`[[exo::shared(swizzle128)]]`, 64 or 32 on its
// declaration): a box row is one swizzle row of W = C * sizeof(T) bytes (128: 64 bf16; 64:
// 32 bf16 or 16 floats; 32: 16 bf16 or 8 floats), and the tensor map uses that swizzle.
template <class T, int R, int C, int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_load_swizzled", "async_ring(tma)")]]
inline void tma_load([[exo::shared(swizzled)]] T (&dst)[R][C], const T* src, int ld, int r0, int c0,
                     [[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S], [[maybe_unused]] int position) {
  static_assert(R >= 8 && R <= 256 && R % 8 == 0, "a TMA box of 8 .. 256 rows");
  static_assert((sizeof(T) == 2 || sizeof(T) == 4) && (C * sizeof(T) == 128 || C * sizeof(T) == 64 || C * sizeof(T) == 32),
                "box rows of one swizzle row: 128, 64 or 32 bytes");
  exo::aligned(src[r0 * ld + c0], 16);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) dst[r][c] = 0 <= c0 + c && c0 + c < ld ? src[(r0 + r) * ld + c0 + c] : T(0.0f);
}

// --- 3-D boxes: a row-major 3-D tensor `src` of `depth` x `rows` x `ld` elements
// (`exo::extent(src, depth, rows, ld)`: element (d, r, c) is src[(d * rows + r) * ld + c];
// a batch of matrices, say) read through a 3-D tensor map. The box is the tile: depths
// d0 .. d0 + D - 1, rows r0 .. r0 + R - 1, columns c0 .. c0 + C - 1 into a swizzled tile
// T[D][R][C] (one swizzle row a box row, as tma_load: the tile's rows follow each other
// in shared memory, so each depth's R x C matrix is a tile wgmma takes, `dst[d]`), or a
// box of depth 1 into a T[R][C] tile. Elements outside the tensor, in any dimension, are
// zeros (TMA fills them; the copy still counts the whole box's bytes), so a box may
// cross the end of a batch, of a matrix's rows or of its columns without reading the
// next matrix. The row pitch keeps rows 16-byte aligned (TMA's global strides are
// multiples of 16 bytes; the depth stride rows * ld elements follows).
template <class T, int D, int R, int C, int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_load_3d", "async_ring(tma)")]]
inline void tma_load([[exo::shared(swizzled)]] T (&dst)[D][R][C], const T* src, int depth, int rows, int ld, int d0,
                     int r0, int c0, [[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S],
                     [[maybe_unused]] int position) {
  static_assert(D >= 1 && D <= 256 && R >= 8 && R <= 256 && R % 8 == 0, "a TMA box of 1 .. 256 x 8 .. 256 rows");
  static_assert((sizeof(T) == 2 || sizeof(T) == 4) && (C * sizeof(T) == 128 || C * sizeof(T) == 64 || C * sizeof(T) == 32),
                "box rows of one swizzle row: 128, 64 or 32 bytes");
  exo::aligned(src[ld], 16);  // the row pitch: a multiple of 16 bytes (the base is 16-byte aligned)
  for (int d = 0; d < D; ++d)
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c)
        dst[d][r][c] = 0 <= d0 + d && d0 + d < depth && 0 <= r0 + r && r0 + r < rows && 0 <= c0 + c && c0 + c < ld
                           ? src[((d0 + d) * rows + r0 + r) * ld + c0 + c]
                           : T(0.0f);
}
template <class T, int R, int C, int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_load_3d", "async_ring(tma)")]]
inline void tma_load([[exo::shared(swizzled)]] T (&dst)[R][C], const T* src, int depth, int rows, int ld, int d0, int r0,
                     int c0, [[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S], [[maybe_unused]] int position) {
  static_assert(R >= 8 && R <= 256 && R % 8 == 0, "a TMA box of 8 .. 256 rows");
  static_assert((sizeof(T) == 2 || sizeof(T) == 4) && (C * sizeof(T) == 128 || C * sizeof(T) == 64 || C * sizeof(T) == 32),
                "box rows of one swizzle row: 128, 64 or 32 bytes");
  exo::aligned(src[ld], 16);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c)
      dst[r][c] = 0 <= d0 && d0 < depth && 0 <= r0 + r && r0 + r < rows && 0 <= c0 + c && c0 + c < ld
                      ? src[(d0 * rows + r0 + r) * ld + c0 + c]
                      : T(0.0f);
}

// The same box copy where the box may cross the tensor's edges (M, N, K not multiples of
// the tile): elements outside the `rows` x `ld` tensor, on any side, are zeros (TMA fills them; the
// copy still counts the whole box's bytes). `rows` and `ld` are the tensor's
// `exo::extent(src, rows, ld)`. The row pitch must keep rows 16-byte aligned (TMA's
// global strides are multiples of 16 bytes): ld % 8 == 0 for 16-bit elements.
template <class T, int R, int C, int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_load_sw128_fill", "async_ring(tma)")]]
inline void tma_load_sw128_fill([[exo::shared(swizzle128)]] T (&dst)[R][C], const T* src, int rows, int ld, int r0,
                                int c0, [[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S],
                                [[maybe_unused]] int position) {
  static_assert(R >= 8 && R <= 256 && R % 8 == 0, "a TMA box of 8 .. 256 rows");
  static_assert((sizeof(T) == 2 || sizeof(T) == 4) && C * sizeof(T) == 128, "box rows of 128 bytes: 64 16-bit or 32 32-bit elements");
  exo::aligned(src[ld], 16);  // the row pitch: a multiple of 16 bytes (the base is 16-byte aligned)
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c)
      dst[r][c] = 0 <= r0 + r && r0 + r < rows && 0 <= c0 + c && c0 + c < ld ? src[(r0 + r) * ld + c0 + c] : T(0.0f);
}

// --- Thread-block clusters (docs/hopper.md, section 8). In a kernel whose innermost
// block loop is `[[exo::parallel(block_in_cluster)]] for (int c = 0; c < n; ++c)` (its
// iterations are the n blocks of one cluster), the blocks may share copies and
// releases. Every statement of a ring that one of these signals must run alike in every
// block (at the same positions, not depending on `c`): exo-cuda checks it
// (checker/ClusterCheck) and then proves one block for all.

// The same box copy as tma_load_sw128, delivered to the same tile of every block of
// the cluster: sequentially, this block's tile receives the box. Each block issues its
// share of R / n rows (whole groups of 8 rows: R % (8 n) == 0) to all n blocks and
// expects the whole box on its own slot of `ring`, so a position completes in a block
// when every block's share has landed there. The blocks' tiles are overwritten by the
// other blocks' copies too: what releases a slot to the producers must reach every
// block (mbarrier_arrive_cluster), which the prover requires.
template <class T, int R, int C, int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_load_sw128_multicast", "multicast_ring(tma)")]]
inline void tma_load_sw128_multicast([[exo::shared(swizzle128)]] T (&dst)[R][C], const T* src, int ld, int r0, int c0,
                                     [[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S],
                                     [[maybe_unused]] int position) {
  static_assert(R >= 16 && R <= 256 && R % 16 == 0, "a multicast TMA box of 16 .. 256 rows");
  static_assert((sizeof(T) == 2 || sizeof(T) == 4) && C * sizeof(T) == 128, "box rows of 128 bytes: 64 16-bit or 32 32-bit elements");
  exo::aligned(src[r0 * ld + c0], 16);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) dst[r][c] = 0 <= c0 + c && c0 + c < ld ? src[(r0 + r) * ld + c0 + c] : T(0.0f);
}

// Arrives at position `position` of `ring` in every block of the cluster: each thread
// that runs it arrives once on each block's slot (whose count is the arriving threads
// of all the blocks). What the thread did before the call happens before every wait for
// that position returns, in every block: consumers release a slot that the cluster's
// multicasts refill with it.
template <int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::mbarrier_arrive_cluster_ring", "arrive_cluster_ring(ring)")]]
inline void mbarrier_arrive_cluster([[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S],
                                    [[maybe_unused]] int position) {}

// Waits until position `position` of `ring` is complete. Each thread that runs it waits
// (at any level: the block, a role's warpgroup, one thread).
template <int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::mbarrier_wait_ring", "await_ring(ring)")]]
inline void mbarrier_wait([[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S], [[maybe_unused]] int position) {}

// Arrives at position `position` of `ring`: each thread that runs it arrives once (at
// any level: a role's warpgroups, the block). What the thread did before the call
// happens before every wait for that position returns: a consumer releases a slot to a
// producer with it ("empty" rings). The tool initializes the ring's slots with the
// number of arriving threads and proves that every thread arrives at each position at
// most once, that every position waited for is reached by all of them before the wait
// in the sequential program, and that the phases cannot alias (checker/ProverRings).
// (One arrival per thread, not per warp: a lane-0 arrival is a divergent path inside
// the consumers' wgmma loop, and ptxas then serializes the wgmma, warning C7518.)
template <int S>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::mbarrier_arrive_ring", "arrive_ring(ring)")]]
inline void mbarrier_arrive([[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S], [[maybe_unused]] int position) {}

// mbarrier_arrive, once per warp: a warp instruction (its 32 lanes, converged) that
// arrives at position `position` of `ring` once for the warp, when every lane has
// reached it (the CUDA form: __syncwarp, then one lane's arrival, predicated rather than
// branched so that no divergent path sits in a wgmma loop). What each lane did before the
// call happens before every wait for that position returns, as for mbarrier_arrive; the
// tool initializes the slots with the number of arriving warps (8 for two consumer
// warpgroups instead of 256 threads).
template <int S>
[[exo::instr(warp, "exo/sm90.hpp", "exo::sm90::gpu::mbarrier_arrive_warp_ring", "arrive_ring(ring)")]]
inline void mbarrier_arrive_warp([[maybe_unused]] [[exo::shared]] exo::mbarrier (&ring)[S],
                                 [[maybe_unused]] int position) {}

// Register budgets of warp-specialized kernels (PTX setmaxnreg): the warpgroup that runs
// it gives back registers down to R per thread (dec: a producer that only issues copies)
// or takes them up to R (inc: consumers holding accumulators). A warpgroup instruction
// (all 128 threads, converged), run at most once per warpgroup and outside sequential
// loops; the budgets of all warpgroups must fit the SM's 65536 registers and exo-cuda
// then prints `__launch_bounds__(threads, 1)` (checker/RegisterBudgetCheck).
// Sequentially they do nothing.
template <int R>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::setmaxnreg_dec")]]
inline void setmaxnreg_dec() {
  static_assert(R >= 24 && R <= 256 && R % 8 == 0, "setmaxnreg takes 24 .. 256 registers, a multiple of 8");
}
template <int R>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::setmaxnreg_inc")]]
inline void setmaxnreg_inc() {
  static_assert(R >= 24 && R <= 256 && R % 8 == 0, "setmaxnreg takes 24 .. 256 registers, a multiple of 8");
}

// An accumulator to global memory: C[(r0 + i) * ldc + c0 + j] = d[i][j], converted to
// C's element type.
// Each thread holds pairs of adjacent columns: the CUDA form stores them as one vector
// (8 bytes for f32, 4 for 16-bit), which needs pair-aligned rows.
template <class T, int N>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_store")]]
inline void wgmma_store(T* C, int ldc, int r0, int c0, [[exo::fragment(wgmma_c)]] const float (&d)[64][N]) {
  exo::aligned(C[r0 * ldc + c0], 2 * sizeof(T));
  exo::aligned(C[ldc], 2 * sizeof(T));
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) C[(r0 + i) * ldc + c0 + j] = T(d[i][j]);
}

// An accumulator added to global memory: C[(r0 + i) * ldc + c0 + j] += d[i][j], each
// addition atomic on the GPU (red.global.add, two elements at a time). Several blocks
// may add to the same elements at once (split-k: each block sums one share of K): the
// operand is `[[exo::reduce(add)]]`, so the prover accepts concurrent wgmma_store_add
// to one element and refuses any other access that is not ordered with them. The sum
// is the sequential one up to the order of the float additions (docs/prover.md,
// "Atomic reductions"). C's elements must start as the sum's first term (the caller
// zeroes C for C = A * B^T).
template <int N>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_store_add")]]
inline void wgmma_store_add([[exo::reduce(add)]] float* C, int ldc, int r0, int c0,
                            [[exo::fragment(wgmma_c)]] const float (&d)[64][N]) {
  exo::aligned(C[r0 * ldc + c0], 8);  // pairs of columns: 8-byte vector reductions
  exo::aligned(C[ldc], 8);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) C[(r0 + i) * ldc + c0 + j] += d[i][j];
}

// An accumulator to global memory through TMA (the Hopper epilogue): its W-column slices
// go through the shared tile `stage` (the warpgroup's threads write their elements, one
// thread stores the slice with cp.async.bulk.tensor, and the next slice waits until TMA
// has read it), so C gets one bulk store per 64 x W slice instead of a store per pair of
// elements. The staging is part of the meaning: `stage` is written (it holds the last
// slice after the call) and must be the warpgroup's own. Synchronous: the call returns
// when the stores are complete. f32 C; C's rows 16-byte aligned (TMA's global strides)
// and `stage` 128-byte aligned (exo-cuda aligns shared arrays of 128 bytes or more so).
// The tensor map's box is 64 x W (a row of `stage`: W floats, a multiple of 8, at most 256).
// TMA writes no element outside the tensor: a column outside 0 .. ld - 1 is not stored
// (rows outside it are out of C's extent, which the prover refuses).
template <int N, int W>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_store_tma", "tma_store")]]
inline void wgmma_store_tma(float* C, int ld, int r0, int c0, [[exo::fragment(wgmma_c)]] const float (&d)[64][N],
                            [[exo::shared]] float (&stage)[64][W]) {
  static_assert(W % 8 == 0 && W <= 256 && N % W == 0, "slices of W columns, a multiple of 8, that divide N");
  exo::aligned(stage[0][0], 128);
  exo::aligned(C[r0 * ld + c0], 16);
  exo::aligned(C[ld], 16);
  for (int q = 0; q < N / W; ++q)
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < W; ++j) {
        stage[i][j] = d[i][q * W + j];
        if (0 <= c0 + q * W + j && c0 + q * W + j < ld) C[(r0 + i) * ld + c0 + q * W + j] = stage[i][j];
      }
}

// wgmma_store_add through TMA: C += d slice by slice with the bulk tensor reduction
// (cp.reduce.async.bulk.tensor ... .add.f32: UTMAREDG in SASS), staged and clipped as
// wgmma_store_tma.
// C is `[[exo::reduce(add)]]`: concurrent reductions of one element commute (split-k),
// any other access with them is a race (docs/prover.md, "Atomic reductions").
template <int N, int W>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_store_add_tma", "tma_store")]]
inline void wgmma_store_add_tma([[exo::reduce(add)]] float* C, int ld, int r0, int c0,
                                [[exo::fragment(wgmma_c)]] const float (&d)[64][N], [[exo::shared]] float (&stage)[64][W]) {
  static_assert(W % 8 == 0 && W <= 256 && N % W == 0, "slices of W columns, a multiple of 8, that divide N");
  exo::aligned(stage[0][0], 128);
  exo::aligned(C[r0 * ld + c0], 16);
  exo::aligned(C[ld], 16);
  for (int q = 0; q < N / W; ++q)
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < W; ++j) {
        stage[i][j] = d[i][q * W + j];
        if (0 <= c0 + q * W + j && c0 + q * W + j < ld) C[(r0 + i) * ld + c0 + q * W + j] += stage[i][j];
      }
}

// --- The asynchronous epilogue: TMA stores through the bulk-group queue
// (docs/hopper.md, "As built (TMA stores)"). A warpgroup stages accumulator columns in a
// shared tile (wgmma_stage), one thread stores the tile with TMA (tma_store /
// tma_store_add) and commits the bulk group (bulk_commit); before the tile is written
// again that thread waits until TMA has read it (bulk_wait_read<N>: at most N younger
// groups still reading) and the warpgroup meets; before C is read again it waits for the
// writes too (bulk_wait<N>). The generated kernel ends with bulk_wait<0> in every thread,
// so a store nothing in the kernel reads completes at the kernel's exit. The prover
// checks the queue as cp.async's (docs/hopper.md, section 1): a write of the tile before
// bulk_wait_read completes the store that reads it, or a read of C before bulk_wait, is
// an error with a witness.

// Columns c0 .. c0 + W - 1 of the warpgroup's accumulator into the shared tile `stage`
// (generic stores of each thread's elements). Its CUDA form ends with fence.proxy.async
// in every thread ("stage_async"), so a TMA store may read the tile after a barrier.
// c0 is a multiple of 8: the CUDA form moves whole 8-column blocks of each thread's slots.
template <class T, int N, int W>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_stage", "stage_async")]]
inline void wgmma_stage([[exo::shared]] T (&stage)[64][W], [[exo::fragment(wgmma_c)]] const float (&d)[64][N], int c0) {
  static_assert(W % 8 == 0 && W <= N, "W columns, a multiple of 8");
  exo::expects(c0 % 8 == 0);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < W; ++j) stage[i][j] = T(d[i][c0 + j]);
}

// The R x W shared tile into rows r0 .. r0 + R - 1, columns c0 .. c0 + W - 1 of the
// row-major global tensor C (pitch `ld`: its exo::extent(C, rows, ld)), by TMA
// (cp.async.bulk.tensor .global.shared::cta .bulk_group: UTMASTG), issued by one thread
// and asynchronous: it joins the thread's open bulk group. The box lies inside C, in
// each dimension: its columns inside 0 .. ld - 1 (exo::expects: TMA would clip them,
// which this instruction does not model; wgmma_store_tma does), its rows inside C's
// extent (the prover's bounds check); both are reported with a witness.
// The tensor map's box is the tile: W elements of a 16-byte multiple, R and W at most 256.
template <class T, int R, int W>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_store", "tma_store_async(bulk)")]]
inline void tma_store(T* C, int ld, int r0, int c0, [[exo::shared]] const T (&tile)[R][W]) {
  static_assert(R >= 1 && R <= 256 && W <= 256 && (W * sizeof(T)) % 16 == 0,
                "a TMA box of at most 256 x 256 elements whose rows are multiples of 16 bytes");
  exo::expects(0 <= c0 && c0 + W <= ld);  // the box's columns inside C's rows (no clipping modelled)
  exo::aligned(tile[0][0], 128);
  exo::aligned(C[r0 * ld + c0], 16);
  exo::aligned(C[ld], 16);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < W; ++j) C[(r0 + i) * ld + c0 + j] = tile[i][j];
}

// tma_store's reduction: C += tile with cp.reduce.async.bulk.tensor .add (UTMAREDG), each
// element's addition atomic. C is `[[exo::reduce(add)]]` (split-k: docs/prover.md,
// "Atomic reductions").
template <class T, int R, int W>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_store_add", "tma_store_async(bulk)")]]
inline void tma_store_add([[exo::reduce(add)]] T* C, int ld, int r0, int c0, [[exo::shared]] const T (&tile)[R][W]) {
  static_assert(R >= 1 && R <= 256 && W <= 256 && (W * sizeof(T)) % 16 == 0,
                "a TMA box of at most 256 x 256 elements whose rows are multiples of 16 bytes");
  exo::expects(0 <= c0 && c0 + W <= ld);  // the box's columns inside C's rows (no clipping modelled)
  exo::aligned(tile[0][0], 128);
  exo::aligned(C[r0 * ld + c0], 16);
  exo::aligned(C[ld], 16);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < W; ++j) C[(r0 + i) * ld + c0 + j] += tile[i][j];
}

// tma_store into a 3-D tensor C (`exo::extent(C, depth, rows, ld)`, element (d, r, c) at
// C[(d * rows + r) * ld + c]): the tile T[D][R][W] into depths d0 .. d0 + D - 1, rows
// r0 .. r0 + R - 1, columns c0 .. c0 + W - 1 (or a T[R][W] tile into depth d0). The box
// lies inside C in each dimension: its rows and columns by exo::expects (TMA would clip
// them at the matrix's edge, which the flat index would instead carry into the next
// matrix), its depths by the prover's bounds check against C's extent.
template <class T, int D, int R, int W>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_store_3d", "tma_store_async(bulk)")]]
inline void tma_store(T* C, int depth, int rows, int ld, int d0, int r0, int c0, [[exo::shared]] const T (&tile)[D][R][W]) {
  static_assert(D >= 1 && D <= 256 && R >= 1 && R <= 256 && W <= 256 && (W * sizeof(T)) % 16 == 0,
                "a TMA box of at most 256 x 256 x 256 elements whose rows are multiples of 16 bytes");
  exo::expects(0 <= d0 && d0 + D <= depth && 0 <= r0 && r0 + R <= rows && 0 <= c0 && c0 + W <= ld);
  exo::aligned(tile[0][0][0], 128);
  exo::aligned(C[ld], 16);
  for (int d = 0; d < D; ++d)
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < W; ++j) C[((d0 + d) * rows + r0 + i) * ld + c0 + j] = tile[d][i][j];
}
template <class T, int R, int W>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_store_3d", "tma_store_async(bulk)")]]
inline void tma_store(T* C, int depth, int rows, int ld, int d0, int r0, int c0, [[exo::shared]] const T (&tile)[R][W]) {
  static_assert(R >= 1 && R <= 256 && W <= 256 && (W * sizeof(T)) % 16 == 0,
                "a TMA box of at most 256 x 256 elements whose rows are multiples of 16 bytes");
  exo::expects(0 <= d0 && d0 < depth && 0 <= r0 && r0 + R <= rows && 0 <= c0 && c0 + W <= ld);
  exo::aligned(tile[0][0], 128);
  exo::aligned(C[ld], 16);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < W; ++j) C[(d0 * rows + r0 + i) * ld + c0 + j] = tile[i][j];
}

// --- Swizzled staging tiles. A plain staging tile of 128-byte rows puts the rows a warp
// writes at once (wgmma_stage: 8 rows, 4 threads each) in the same banks; a tile declared
// `[[exo::shared(swizzle128)]]` (or 64, 32: rows of W * sizeof(T) bytes of that width)
// spreads them, and TMA stores it through a tensor map of the same swizzle.

// wgmma_stage into a swizzled tile (docs/hopper.md, "As built (TMA stores)").
template <class T, int N, int W>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_stage_swizzled", "stage_async")]]
inline void wgmma_stage_swizzled([[exo::shared(swizzled)]] T (&stage)[64][W], [[exo::fragment(wgmma_c)]] const float (&d)[64][N],
                                 int c0) {
  static_assert(W % 8 == 0 && W <= N, "W columns, a multiple of 8");
  static_assert(W * sizeof(T) == 128 || W * sizeof(T) == 64 || W * sizeof(T) == 32, "rows of one swizzle row");
  exo::expects(c0 % 8 == 0);
  exo::aligned(stage[0][0], 8 * W * sizeof(T));  // the swizzle's period
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < W; ++j) stage[i][j] = T(d[i][c0 + j]);
}

// tma_store of a swizzled tile (R rows, a multiple of 8), into a 2-D tensor or into
// depth d0 of a 3-D one: tma_store's meaning and rules.
template <class T, int R, int W>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_store_swizzled", "tma_store_async(bulk)")]]
inline void tma_store_swizzled(T* C, int ld, int r0, int c0, [[exo::shared(swizzled)]] const T (&tile)[R][W]) {
  static_assert(R >= 8 && R <= 256 && R % 8 == 0, "a TMA box of 8 .. 256 rows, whole swizzle periods");
  static_assert(W * sizeof(T) == 128 || W * sizeof(T) == 64 || W * sizeof(T) == 32, "rows of one swizzle row");
  exo::expects(0 <= c0 && c0 + W <= ld);
  exo::aligned(tile[0][0], 8 * W * sizeof(T));
  exo::aligned(C[r0 * ld + c0], 16);
  exo::aligned(C[ld], 16);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < W; ++j) C[(r0 + i) * ld + c0 + j] = tile[i][j];
}
template <class T, int R, int W>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::tma_store_swizzled", "tma_store_async(bulk)")]]
inline void tma_store_swizzled(T* C, int depth, int rows, int ld, int d0, int r0, int c0,
                               [[exo::shared(swizzled)]] const T (&tile)[R][W]) {
  static_assert(R >= 8 && R <= 256 && R % 8 == 0, "a TMA box of 8 .. 256 rows, whole swizzle periods");
  static_assert(W * sizeof(T) == 128 || W * sizeof(T) == 64 || W * sizeof(T) == 32, "rows of one swizzle row");
  exo::expects(0 <= d0 && d0 < depth && 0 <= r0 && r0 + R <= rows && 0 <= c0 && c0 + W <= ld);
  exo::aligned(tile[0][0], 8 * W * sizeof(T));
  exo::aligned(C[ld], 16);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < W; ++j) C[(d0 * rows + r0 + i) * ld + c0 + j] = tile[i][j];
}

// Closes the thread's open bulk group (cp.async.bulk.commit_group).
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::bulk_commit", "commit(bulk)")]]
inline void bulk_commit() {}

// Waits until at most N of the thread's committed bulk groups are incomplete
// (cp.async.bulk.wait_group N): their tiles are read and C is written.
template <int N>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::bulk_wait", "await(bulk)")]]
inline void bulk_wait() {
  static_assert(N >= 0, "N groups may stay in flight, N >= 0");
}

// Waits until at most N of the thread's committed bulk groups still read their tiles
// (cp.async.bulk.wait_group.read N): the tiles may be written again; C may not be
// written yet.
template <int N>
[[exo::instr(thread, "exo/sm90.hpp", "exo::sm90::gpu::bulk_wait_read", "await_read(bulk)")]]
inline void bulk_wait_read() {
  static_assert(N >= 0, "N groups may stay in flight, N >= 0");
}

// wgmma_store, clipped to a `rows` x `ldc` matrix: the accumulator elements outside it
// (the tile crosses C's edge) are not stored.
template <class T, int N>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_store_clip")]]
inline void wgmma_store_clip(T* C, int rows, int ldc, int r0, int c0, [[exo::fragment(wgmma_c)]] const float (&d)[64][N]) {
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j)
      if (r0 + i < rows && c0 + j < ldc) C[(r0 + i) * ldc + c0 + j] = T(d[i][j]);
}

}  // namespace sm90
}  // namespace exo

#if defined(__CUDACC__)
#include <exo/cuda/sm90.cuh>
#include <exo/cuda/sm90_async.cuh>
#elif defined(EXO_EMULATION)
#include <exo_emu_sm90.hpp>
#endif

#endif  // EXO_SM90_HPP
