// Test-side facts about the sm80 tensor-core fragments, shared by the CPU emulation's
// test (tests/emulation/test_emu_sm80.cpp) and the GPU test (tests/gpu/test_sm80_instrs.cu):
// inverse layouts written from the PTX ISA's figures (slot s of lane l -> tile element),
// independently of model/Fragment.cpp, and random nonzero test data. Host code only.
#ifndef EXO_TEST_SM80_FRAGMENTS_HPP
#define EXO_TEST_SM80_FRAGMENTS_HPP

#include <random>

namespace sm80_test {

struct RC {
  int r, c;
};
// g = groupID = lane / 4, t = threadID_in_group = lane % 4.
inline RC c_m16n8(int l, int s) { return {l / 4 + 8 * (s / 2), 2 * (l % 4) + s % 2}; }                      // c0..c3
inline RC a_m16k16(int l, int s) { return {l / 4 + 8 * (s / 2 % 2), 2 * (l % 4) + s % 2 + 8 * (s / 4)}; }  // a0..a7
inline RC b_n8k16(int l, int s) { return {l / 4, 2 * (l % 4) + s % 2 + 8 * (s / 2)}; }  // [n][k], b0..b3
inline RC ldsm(int l, int s) { return {l / 4, 2 * (l % 4) + s}; }
inline RC a_tf32(int l, int s) { return {l / 4 + 8 * (s % 2), l % 4 + 4 * (s / 2)}; }  // a0..a3
inline RC b_tf32(int l, int s) { return {l / 4, l % 4 + 4 * s}; }                      // [n][k], b0, b1

inline std::mt19937 rng(20260317);

// A random nonzero value with a full float mantissa (rounded to T).
template <class T>
T nonzero() {
  std::uniform_real_distribution<float> mag(0.05f, 2.f);
  const float v = mag(rng);
  return T(rng() % 2 ? v : -v);
}

template <class T, int R, int C>
void randomize(T (&a)[R][C]) {
  for (auto& row : a)
    for (T& x : row) x = nonzero<T>();
}

}  // namespace sm80_test

#endif  // EXO_TEST_SM80_FRAGMENTS_HPP
