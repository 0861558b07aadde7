// A warp instruction that writes shared memory (the inverse of ldmatrix_x1; PTX
// stmatrix.sync.aligned.m8n8.x1.shared.b16), for the prover tests of warp-issued
// writes. Only its meaning is used: the tests do not build its CUDA.
#ifndef STMATRIX_INSTR_HPP
#define STMATRIX_INSTR_HPP

#include <exo/exo.hpp>

namespace my {

template <class T, int R, int C>
[[exo::instr(warp, "stmatrix_instr.hpp", "my::gpu::stmatrix_x1")]]
inline void stmatrix_x1([[exo::shared]] T (&dst)[R][C], int r0, int c0, [[exo::fragment(ldsm_8x8)]] const T (&src)[8][8]) {
  for (int i = 0; i < 8; ++i) exo::aligned(dst[r0 + i][c0], 16);
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 8; ++k) dst[r0 + i][c0 + k] = src[i][k];
}

}  // namespace my

#endif  // STMATRIX_INSTR_HPP
