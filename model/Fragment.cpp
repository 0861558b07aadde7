#include "model/Fragment.h"

namespace exo::model {

namespace {
// g = lane / 4 (the "groupID"), t = lane % 4 ("threadID_in_group").
// mma f32 accumulator, 16 x 8: c0 c1 at (g, 2t + {0,1}), c2 c3 at (g + 8, 2t + {0,1}).
FragmentLayout::Place m16n8C(int64_t i, int64_t j) { return {(i % 8) * 4 + j / 2, (i / 8) * 2 + j % 2}; }
// mma A, 16 x 16 of 16-bit: a0 a1 (g, 2t..), a2 a3 (g + 8, 2t..), a4 a5 (g, 2t + 8..), a6 a7 (g + 8, 2t + 8..).
FragmentLayout::Place m16k16A(int64_t i, int64_t k) { return {(i % 8) * 4 + (k % 8) / 2, (k / 8) * 4 + (i / 8) * 2 + k % 2}; }
// mma B, [n][k] 8 x 16 of 16-bit: b0 b1 (k = 2t.., n = g), b2 b3 (k = 2t + 8.., n = g).
FragmentLayout::Place n8k16B(int64_t n, int64_t k) { return {n * 4 + (k % 8) / 2, (k / 8) * 2 + k % 2}; }
// One 8 x 8 ldmatrix matrix of 16-bit: lane g holds row g, columns 2t, 2t + 1.
FragmentLayout::Place ldsm8x8(int64_t i, int64_t k) { return {i * 4 + k / 2, k % 2}; }
// tf32 A, 16 x 8: a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4).
FragmentLayout::Place m16k8Tf32(int64_t i, int64_t k) { return {(i % 8) * 4 + k % 4, (k / 4) * 2 + i / 8}; }
// tf32 B, [n][k] 8 x 8: b0 (k = t, n = g), b1 (k = t + 4, n = g).
FragmentLayout::Place n8k8Tf32(int64_t n, int64_t k) { return {n * 4 + k % 4, k / 4}; }
// wgmma f32 accumulator, 64 x N over a warpgroup: warp i / 16 holds rows 16w .. 16w + 15
// as m16n8 accumulators side by side (PTX ISA, "wgmma 64xNx16 D fragment"): n8 block
// n / 8 is slots 4 (n / 8) .. 4 (n / 8) + 3, in m16n8_c order.
FragmentLayout::Place wgmmaC(int64_t i, int64_t n) {
  return {(i / 16) * 32 + (i % 8) * 4 + (n % 8) / 2, (n / 8) * 4 + ((i % 16) / 8) * 2 + n % 2};
}
// wgmma A from registers, 64 x K of 16-bit over a warpgroup (PTX ISA, "wgmma .m64nNk16
// register fragment layout for matrix A"; CUTLASS's ALayout_64x16): warp i / 16 holds rows
// 16w .. 16w + 15 as m16k16_a fragments side by side in K, k16 block k / 16 in slots
// 8 (k / 16) .. 8 (k / 16) + 7. The same place as wgmma_c's element (i, k): an
// accumulator's columns are an A operand without moving between threads.
FragmentLayout::Place wgmmaA(int64_t i, int64_t k) { return wgmmaC(i, k); }
// The same for tf32, 64 x K of 32-bit (k8 steps; CUTLASS's ALayout_64x8): a0 (g, t),
// a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4) of each warp's 16 x 8 block, k8 block
// k / 8 in slots 4 (k / 8) .. 4 (k / 8) + 3.
FragmentLayout::Place wgmmaATf32(int64_t i, int64_t k) {
  return {(i / 16) * 32 + (i % 8) * 4 + k % 4, (k / 8) * 4 + ((k % 8) / 4) * 2 + (i % 16) / 8};
}
}  // namespace

const std::vector<FragmentLayout>& fragmentLayouts() {
  // clang-format off
  static const std::vector<FragmentLayout> table = {
  //  name          rows cols bits threads place
    {"m16n8_c",     16,  8,   32,  32,     m16n8C},
    {"m16k16_a",    16,  16,  16,  32,     m16k16A},
    {"n8k16_b",     8,   16,  16,  32,     n8k16B},
    {"ldsm_8x8",    8,   8,   16,  32,     ldsm8x8},
    {"m16k8_tf32",  16,  8,   32,  32,     m16k8Tf32},
    {"n8k8_tf32",   8,   8,   32,  32,     n8k8Tf32},
    {"wgmma_c",     64,  0,   32,  128,    wgmmaC},  // any n: a multiple of 8
    {"wgmma_a",     64,  0,   16,  128,    wgmmaA},  // any k: a multiple of 16 (the instructions assert it)
    {"wgmma_a_tf32", 64, 0,   32,  128,    wgmmaATf32},  // any k: a multiple of 8
  };
  // clang-format on
  return table;
}

const FragmentLayout* findFragmentLayout(const std::string& name) {
  for (const FragmentLayout& f : fragmentLayouts())
    if (name == f.name) return &f;
  return nullptr;
}

std::vector<std::string> fragmentLayoutNames() {
  std::vector<std::string> out;
  for (const FragmentLayout& f : fragmentLayouts()) out.push_back(f.name);
  return out;
}

}  // namespace exo::model
