// Instructions declared wrongly, one mistake each, next to a correct twin that the
// tests' -DFIXED variants call. exo-cuda reads an instruction only where a kernel calls
// it, so each test reports just the one it calls. (Line numbers here are checked by
// the tests: add new instructions at the end.)
#ifndef BAD_INSTR_HPP
#define BAD_INSTR_HPP

#include <exo/exo.hpp>

namespace bad {

// An array parameter with no memory attribute: shared, registers or a fragment?
[[exo::instr(thread, "bad_instr.hpp", "bad::gpu::load4")]]
inline void load4(float (&dst)[4], const float* src, int off) {
  for (int e = 0; e < 4; ++e) dst[e] = src[off + e];
}
[[exo::instr(thread, "bad_instr.hpp", "bad::gpu::load4_ok")]]
inline void load4_ok([[exo::registers]] float (&dst)[4], const float* src, int off) {
  for (int e = 0; e < 4; ++e) dst[e] = src[off + e];
}

// A body with a declaration: the sum of four registers, kept in a local.
[[exo::instr(thread, "bad_instr.hpp", "bad::gpu::sum4")]]
inline void sum4(float* out, int off, [[exo::registers]] const float (&src)[4]) {
  float s = 0.f;
  for (int e = 0; e < 4; ++e) s += src[e];
  out[off] = s;
}
[[exo::instr(thread, "bad_instr.hpp", "bad::gpu::sum4_ok")]]
inline void sum4_ok(float* out, int off, [[exo::registers]] const float (&src)[4]) {
  out[off] = src[0] + src[1] + src[2] + src[3];
}

// A body with a barrier: a warp writes a row of shared memory, then reads it back
// reversed.
template <int R, int C>
[[exo::instr(warp, "bad_instr.hpp", "bad::gpu::reverse32")]]
inline void reverse32([[exo::shared]] float (&row)[R][C], int r, const float* src, int off) {
  for (int l = 0; l < 32; ++l) row[r][l] = src[off + l];
  [[exo::sync(warp)]];
  for (int l = 0; l < 32; ++l) row[r][l] = row[r][31 - l];
}
template <int R, int C>
[[exo::instr(warp, "bad_instr.hpp", "bad::gpu::reverse32_ok")]]
inline void reverse32_ok([[exo::shared]] float (&row)[R][C], int r, const float* src, int off) {
  for (int l = 0; l < 32; ++l) row[r][l] = src[off + 31 - l];
}

// A fragment operand of a thread instruction: fragments are spread over a warp.
[[exo::instr(thread, "bad_instr.hpp", "bad::gpu::zero_frag")]]
inline void zero_frag([[exo::fragment(m16n8_c)]] float (&d)[16][8]) {
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) d[i][j] = 0.f;
}

// A fragment parameter whose extents are not its layout's (m16n8_c is 16 x 8).
[[exo::instr(warp, "bad_instr.hpp", "bad::gpu::zero_8x16")]]
inline void zero_8x16([[exo::fragment(m16n8_c)]] float (&d)[8][16]) {
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j) d[i][j] = 0.f;
}

}  // namespace bad

#endif  // BAD_INSTR_HPP
