// exo/sm80.hpp — instructions of sm_80 and later: tensor-core mma.sync, ldmatrix, and
// 16-byte vector copies.
//
// An instruction is one function here:
//   - its C++ body is its meaning: the sequential (CPU) build runs it, and exo-cuda
//     reads the element accesses of its body, so that bounds, races and barriers on its
//     operands are proven by the same prover as the rest of the kernel;
//   - `[[exo::instr(collective, "header", "cuda_function")]]` names the collective that
//     issues it (every thread of one copy, converged), the header that defines its CUDA
//     form, and that form: a function called with the same arguments, where each
//     register operand is the issuing thread's own part of it (a fragment: the lane's
//     registers, in the layout its parameter names);
//   - its parameters say where each operand lives: `[[exo::shared]]` (shared memory),
//     `[[exo::registers]]` (the issuing thread's registers), `[[exo::fragment(layout)]]`
//     (registers spread over a warp in a tensor-core layout, model/Fragment.cpp), a
//     pointer (global memory), or a scalar.
// `exo::aligned(element, bytes)` in a body states an alignment the CUDA form relies on;
// exo-cuda proves it at every call.
//
// Operands are tiles of the kernel's arrays: an array with some leading indices given
// (`acc[w][mt][nt]` is the 16x8 tile [w][mt][nt][.][.]), plus origin indices as scalars.
//
// Adding an instruction: docs/instructions.md.
#ifndef EXO_SM80_HPP
#define EXO_SM80_HPP

#include <exo/exo.hpp>

namespace exo {
namespace sm80 {

// ------------------------------------------------------------------ fragments
// Zero (or any value) into a 16x8 f32 accumulator fragment.
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::fill_m16n8")]]
inline void fill_m16n8([[exo::fragment(m16n8_c)]] float (&d)[16][8], float v) {
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) d[i][j] = v;
}

// ------------------------------------------------------------------- ldmatrix
// ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16: a warp loads one, two or four
// 8x8 matrices of 16-bit elements from shared memory; every matrix row is 16
// contiguous, 16-byte aligned bytes. x4 fills an A fragment of m16n8k16 (16x16),
// x2 a B fragment (8x16, [n][k]), x1 an 8x8 tile. `.trans` loads the transpose:
// dst[i][k] = src[r0 + k][c0 + i].
template <class T, int R, int C>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::ldmatrix_x1")]]
inline void ldmatrix_x1([[exo::fragment(ldsm_8x8)]] T (&dst)[8][8], [[exo::shared]] const T (&src)[R][C], int r0,
                        int c0) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  for (int i = 0; i < 8; ++i) exo::aligned(src[r0 + i][c0], 16);
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 8; ++k) dst[i][k] = src[r0 + i][c0 + k];
}

template <class T, int R, int C>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::ldmatrix_x2")]]
inline void ldmatrix_x2([[exo::fragment(n8k16_b)]] T (&dst)[8][16], [[exo::shared]] const T (&src)[R][C], int r0,
                        int c0) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  for (int i = 0; i < 8; ++i)
    for (int h = 0; h < 2; ++h) exo::aligned(src[r0 + i][c0 + 8 * h], 16);
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 16; ++k) dst[i][k] = src[r0 + i][c0 + k];
}

template <class T, int R, int C>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::ldmatrix_x4")]]
inline void ldmatrix_x4([[exo::fragment(m16k16_a)]] T (&dst)[16][16], [[exo::shared]] const T (&src)[R][C], int r0,
                        int c0) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  for (int i = 0; i < 16; ++i)
    for (int h = 0; h < 2; ++h) exo::aligned(src[r0 + i][c0 + 8 * h], 16);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) dst[i][k] = src[r0 + i][c0 + k];
}

template <class T, int R, int C>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::ldmatrix_x1_trans")]]
inline void ldmatrix_x1_trans([[exo::fragment(ldsm_8x8)]] T (&dst)[8][8], [[exo::shared]] const T (&src)[R][C],
                              int r0, int c0) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  for (int k = 0; k < 8; ++k) exo::aligned(src[r0 + k][c0], 16);
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 8; ++k) dst[i][k] = src[r0 + k][c0 + i];
}

template <class T, int R, int C>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::ldmatrix_x2_trans")]]
inline void ldmatrix_x2_trans([[exo::fragment(n8k16_b)]] T (&dst)[8][16], [[exo::shared]] const T (&src)[R][C],
                              int r0, int c0) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  for (int k = 0; k < 16; ++k) exo::aligned(src[r0 + k][c0], 16);
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 16; ++k) dst[i][k] = src[r0 + k][c0 + i];
}

template <class T, int R, int C>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::ldmatrix_x4_trans")]]
inline void ldmatrix_x4_trans([[exo::fragment(m16k16_a)]] T (&dst)[16][16], [[exo::shared]] const T (&src)[R][C],
                              int r0, int c0) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  for (int k = 0; k < 16; ++k)
    for (int h = 0; h < 2; ++h) exo::aligned(src[r0 + k][c0 + 8 * h], 16);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) dst[i][k] = src[r0 + k][c0 + i];
}

// ------------------------------------------------------------------- mma.sync
// mma.sync.aligned.m16n8k16.row.col.f32.{bf16,f16}.{bf16,f16}.f32: d += a * b^T with
// a 16x16 (m x k), b 8x16 (n x k), d 16x8 in f32. The tensor core's sum order and
// internal precision differ from this loop's: results agree to the f32 rounding of a
// 16-term dot product, not bit for bit.
template <class T>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::mma_m16n8k16")]]
inline void mma_m16n8k16([[exo::fragment(m16n8_c)]] float (&d)[16][8], [[exo::fragment(m16k16_a)]] const T (&a)[16][16],
                         [[exo::fragment(n8k16_b)]] const T (&b)[8][16]) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 16; ++k) d[i][j] += float(a[i][k]) * float(b[j][k]);
}

// mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32: f32 operands rounded to tf32
// (cvt.rna.tf32.f32) by the instruction.
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::mma_m16n8k8_tf32")]]
inline void mma_m16n8k8_tf32([[exo::fragment(m16n8_c)]] float (&d)[16][8],
                             [[exo::fragment(m16k8_tf32)]] const float (&a)[16][8],
                             [[exo::fragment(n8k8_tf32)]] const float (&b)[8][8]) {
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 8; ++k) d[i][j] += exo::to_tf32(a[i][k]) * exo::to_tf32(b[j][k]);
}

// tf32 operand fragments from shared memory (32-bit elements: plain per-lane loads).
template <int R, int C>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::load_tf32_a")]]
inline void load_tf32_a([[exo::fragment(m16k8_tf32)]] float (&dst)[16][8], [[exo::shared]] const float (&src)[R][C],
                        int r0, int c0) {
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 8; ++k) dst[i][k] = src[r0 + i][c0 + k];
}

template <int R, int C>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::load_tf32_b")]]
inline void load_tf32_b([[exo::fragment(n8k8_tf32)]] float (&dst)[8][8], [[exo::shared]] const float (&src)[R][C],
                        int r0, int c0) {
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 8; ++k) dst[i][k] = src[r0 + i][c0 + k];
}

// An accumulator fragment to global memory: C[(r0 + i) * ldc + c0 + j] = d[i][j],
// converted to C's element type (f32, or bf16 / f16 rounded to nearest even).
template <class T>
[[exo::instr(warp, "exo/sm80.hpp", "exo::sm80::gpu::store_m16n8")]]
inline void store_m16n8(T* C, int ldc, int r0, int c0, [[exo::fragment(m16n8_c)]] const float (&d)[16][8]) {
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) C[(r0 + i) * ldc + c0 + j] = T(d[i][j]);
}

// ------------------------------------------------------------ 16-byte copies
// One thread copies 8 16-bit elements (16 bytes, one vector access each side).
// Global -> shared.
template <class T, int R, int C>
[[exo::instr(thread, "exo/sm80.hpp", "exo::sm80::gpu::copy16")]]
inline void copy16([[exo::shared]] T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  exo::aligned(dst[r][c], 16);
  exo::aligned(src[off], 16);
  for (int e = 0; e < 8; ++e) dst[r][c + e] = src[off + e];
}

// --- Asynchronous copies (cp.async, queue "cp_async"; docs/hopper.md, section 1).
// cp_async16 is copy16 issued asynchronously: its meaning happens, on the GPU, at some
// moment between the call and the cp_async_wait that completes its group. A thread's
// calls join a group that its next cp_async_commit closes; cp_async_wait<N> returns
// when at most N of the thread's committed groups are still in flight. exo-cuda proves
// that nothing touches the copy's elements in between and that every later access is
// ordered after the completing wait (checker/ProverAsync). Sequentially the copy
// happens at the call and commit / wait do nothing.
template <class T, int R, int C>
[[exo::instr(thread, "exo/sm80.hpp", "exo::sm80::gpu::cp_async16", "async(cp_async)")]]
inline void cp_async16([[exo::shared]] T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  exo::aligned(dst[r][c], 16);
  exo::aligned(src[off], 16);
  for (int e = 0; e < 8; ++e) dst[r][c + e] = src[off + e];
}

// Closes the group of each thread's cp_async16 calls since its last commit (issued by
// the whole block: every thread commits, so every thread counts the same groups).
[[exo::instr(block, "exo/sm80.hpp", "exo::sm80::gpu::cp_async_commit", "commit(cp_async)")]]
inline void cp_async_commit() {}

// Waits until at most N of the thread's committed groups are in flight.
template <int N>
[[exo::instr(block, "exo/sm80.hpp", "exo::sm80::gpu::cp_async_wait", "await(cp_async)")]]
inline void cp_async_wait() {
  static_assert(N >= 0, "the number of groups that may stay in flight");
}

// Global -> the thread's registers (the first half of a register-staged copy).
template <class T>
[[exo::instr(thread, "exo/sm80.hpp", "exo::sm80::gpu::load16")]]
inline void load16([[exo::registers]] T (&dst)[8], const T* src, int off) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  exo::aligned(src[off], 16);
  for (int e = 0; e < 8; ++e) dst[e] = src[off + e];
}

// The thread's registers -> shared (the second half).
template <class T, int R, int C>
[[exo::instr(thread, "exo/sm80.hpp", "exo::sm80::gpu::store16")]]
inline void store16([[exo::shared]] T (&dst)[R][C], int r, int c, [[exo::registers]] const T (&src)[8]) {
  static_assert(sizeof(T) == 2, "16-bit elements (exo::bf16, exo::f16)");
  exo::aligned(dst[r][c], 16);
  for (int e = 0; e < 8; ++e) dst[r][c + e] = src[e];
}

}  // namespace sm80
}  // namespace exo

// The CUDA forms (device code), and the test suite's CPU emulation of them.
#if defined(__CUDACC__)
#include <exo/cuda/sm80.cuh>
#elif defined(EXO_EMULATION)
#include <exo_emu_sm80.hpp>
#endif

#endif  // EXO_SM80_HPP
