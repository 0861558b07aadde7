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
// This first Hopper step is synchronous: the CUDA form fences, issues the wgmma
// instructions of the call, commits them and waits for them before it returns. The
// asynchronous form (issue now, wait later) needs the prover's async-completion rules
// (issue 9).
#ifndef EXO_SM90_HPP
#define EXO_SM90_HPP

#include <exo/exo.hpp>

namespace exo {
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

// An accumulator to global memory: C[(r0 + i) * ldc + c0 + j] = d[i][j], converted to
// C's element type.
template <class T, int N>
[[exo::instr(warpgroup, "exo/sm90.hpp", "exo::sm90::gpu::wgmma_store")]]
inline void wgmma_store(T* C, int ldc, int r0, int c0, [[exo::fragment(wgmma_c)]] const float (&d)[64][N]) {
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < N; ++j) C[(r0 + i) * ldc + c0 + j] = T(d[i][j]);
}

}  // namespace sm90
}  // namespace exo

#if defined(__CUDACC__)
#include <exo/cuda/sm90.cuh>
#elif defined(EXO_EMULATION)
#include <exo_emu_sm90.hpp>
#endif

#endif  // EXO_SM90_HPP
