// A user's own instruction, to show that adding one is one header function: its body
// is its meaning (what the sequential build runs and exo-cuda proves), its attribute
// names the collective that issues it and the CUDA form the generated code calls
// (declared in "my_instr.hpp" of the CUDA build, not written here: the tests only
// generate the CUDA).
#ifndef MY_INSTR_HPP
#define MY_INSTR_HPP

#include <exo/exo.hpp>

namespace my {

// d *= s on a 16 x 8 f32 accumulator fragment (each lane scales its 4 registers).
[[exo::instr(warp, "my_instr.hpp", "my::gpu::scale_m16n8")]]
inline void scale_m16n8([[exo::fragment(m16n8_c)]] float (&d)[16][8], float s) {
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) d[i][j] *= s;
}

}  // namespace my

#endif  // MY_INSTR_HPP
