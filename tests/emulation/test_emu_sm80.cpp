// The CPU emulation of exo/sm80.hpp's CUDA forms (include/exo_emu_sm80.hpp) against the
// instructions' sequential bodies (exo/sm80.hpp): one emulated warp (or two) issues each
// instruction on random data (no zeros) and the tile it produces must be bit-identical
// to the one the body produces.
//
// Fragments go in and come out through the inverse layout maps below, (lane, slot) ->
// (row, column), written from the PTX ISA's groupID / threadID_in_group text ("Matrix
// Fragments for mma.m16n8k16 / mma.m16n8k8", "ldmatrix"), not from the forward formulas
// the emulation uses: a slip in either shows up here. tests/gpu/test_sm80_instrs.cu
// does the same on the GPU.
#include "cuda_runtime.h"

#include <exo/sm80.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "../support/sm80_fragments.hpp"

namespace {

using exo::bf16;
using exo::f16;
namespace seq = exo::sm80;
namespace gpu = exo::sm80::gpu;

using namespace sm80_test;  // inverse layouts, test data (tests/support/sm80_fragments.hpp)


int failures = 0;

template <class T>
bool same_bits(const T* x, const T* y, size_t n) {
  return std::memcmp(x, y, n * sizeof(T)) == 0;
}

void report(const std::string& name, bool ok) {
  std::printf("%s %s\n", ok ? "PASS" : "FAIL", name.c_str());
  failures += !ok;
}

// Scatters a tile into per-lane fragments and back.
template <class T, int R, int C, int S>
void scatter(const T (&tile)[R][C], T (&frag)[32][S], RC (*map)(int, int)) {
  for (int l = 0; l < 32; ++l)
    for (int s = 0; s < S; ++s) frag[l][s] = tile[map(l, s).r][map(l, s).c];
}

template <class T, int R, int C, int S>
void gather(const T (&frag)[32][S], T (&tile)[R][C], RC (*map)(int, int)) {
  for (int l = 0; l < 32; ++l)
    for (int s = 0; s < S; ++s) tile[map(l, s).r][map(l, s).c] = frag[l][s];
}

// ------------------------------------------------------------------ the tests
void test_fill() {
  float d[32][4], tile[16][8], want[16][8];
  for (auto& row : want)
    for (float& x : row) x = nonzero<float>();
  std::memcpy(tile, want, sizeof tile);
  const float v = nonzero<float>();
  exo_emu::launch(1, 32, [&] {
    float mine[4] = {1.f, 2.f, 3.f, 4.f};
    gpu::fill_m16n8(mine, v);
    std::memcpy(d[threadIdx.x], mine, sizeof mine);
  });
  gather(d, tile, c_m16n8);
  seq::fill_m16n8(want, v);
  report("fill_m16n8", same_bits(&tile[0][0], &want[0][0], 16 * 8));
}

// ldmatrix from a padded shared array (rows of 40 elements = 80 bytes) at (r0, c0).
template <class T>
alignas(16) T smem[64][40];

template <class T, int ROWS, int COLS, int S, class Emu, class Seq>
void test_ldmatrix(const char* name, RC (*map)(int, int), int r0, int c0, Emu emu, Seq body) {
  randomize(smem<T>);
  T frag[32][S], got[ROWS][COLS], want[ROWS][COLS];
  exo_emu::launch(1, 32, [&] {
    T mine[S];
    emu(mine, smem<T>, r0, c0);
    std::memcpy(frag[threadIdx.x], mine, sizeof mine);
  });
  gather(frag, got, map);
  body(want, smem<T>, r0, c0);
  report(std::string(name) + " r0=" + std::to_string(r0) + " c0=" + std::to_string(c0),
         same_bits(&got[0][0], &want[0][0], ROWS * COLS));
}

template <class T>
void test_ldmatrix_all(const char* type) {
  const std::string t = std::string("<") + type + "> ";
  for (auto [r0, c0] : {std::pair{0, 0}, std::pair{13, 24}, std::pair{40, 8}}) {
    test_ldmatrix<T, 8, 8, 2>((t + "ldmatrix_x1").c_str(), ldsm, r0, c0,
                              [](T* d, auto& s, int r, int c) { gpu::ldmatrix_x1(d, s, r, c); },
                              [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x1(d, s, r, c); });
    test_ldmatrix<T, 8, 16, 4>((t + "ldmatrix_x2").c_str(), b_n8k16, r0, c0,
                               [](T* d, auto& s, int r, int c) { gpu::ldmatrix_x2(d, s, r, c); },
                               [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x2(d, s, r, c); });
    test_ldmatrix<T, 16, 16, 8>((t + "ldmatrix_x4").c_str(), a_m16k16, r0, c0,
                                [](T* d, auto& s, int r, int c) { gpu::ldmatrix_x4(d, s, r, c); },
                                [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x4(d, s, r, c); });
    test_ldmatrix<T, 8, 8, 2>((t + "ldmatrix_x1_trans").c_str(), ldsm, r0, c0,
                              [](T* d, auto& s, int r, int c) { gpu::ldmatrix_x1_trans(d, s, r, c); },
                              [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x1_trans(d, s, r, c); });
    test_ldmatrix<T, 8, 16, 4>((t + "ldmatrix_x2_trans").c_str(), b_n8k16, r0, c0,
                               [](T* d, auto& s, int r, int c) { gpu::ldmatrix_x2_trans(d, s, r, c); },
                               [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x2_trans(d, s, r, c); });
    test_ldmatrix<T, 16, 16, 8>((t + "ldmatrix_x4_trans").c_str(), a_m16k16, r0, c0,
                                [](T* d, auto& s, int r, int c) { gpu::ldmatrix_x4_trans(d, s, r, c); },
                                [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x4_trans(d, s, r, c); });
  }
}

// mma.sync m16n8k16 with two warps at once (each its own tiles: the per-warp scratch).
template <class T>
void test_mma(const char* type) {
  constexpr int W = 2;
  T a[W][16][16], b[W][8][16], af[W][32][8], bf[W][32][4];
  float d[W][16][8], want[W][16][8], df[W][32][4];
  for (int w = 0; w < W; ++w) {
    randomize(a[w]);
    randomize(b[w]);
    randomize(d[w]);
    scatter(a[w], af[w], a_m16k16);
    scatter(b[w], bf[w], b_n8k16);
    scatter(d[w], df[w], c_m16n8);
    std::memcpy(want[w], d[w], sizeof d[w]);
    seq::mma_m16n8k16(want[w], a[w], b[w]);
    seq::mma_m16n8k16(want[w], a[w], b[w]);  // twice: accumulation into d
  }
  exo_emu::launch(1, 32 * W, [&] {
    const int w = threadIdx.x / 32, l = threadIdx.x % 32;
    float acc[4];
    std::memcpy(acc, df[w][l], sizeof acc);
    gpu::mma_m16n8k16(acc, af[w][l], bf[w][l]);
    gpu::mma_m16n8k16(acc, af[w][l], bf[w][l]);
    std::memcpy(df[w][l], acc, sizeof acc);
  });
  bool ok = true;
  for (int w = 0; w < W; ++w) {
    float got[16][8];
    gather(df[w], got, c_m16n8);
    ok &= same_bits(&got[0][0], &want[w][0][0], 16 * 8);
  }
  report(std::string("<") + type + "> mma_m16n8k16 (2 warps, 2 issues)", ok);
}

void test_mma_tf32() {
  float a[16][8], b[8][8], d[16][8], want[16][8], af[32][4], bf[32][2], df[32][4];
  randomize(a);
  randomize(b);
  randomize(d);
  a[0][0] = 1.f + 0x1000p-23f;  // a tf32 tie: rounds away from zero
  b[0][0] = -(1.f + 0x3000p-23f);
  scatter(a, af, a_tf32);
  scatter(b, bf, b_tf32);
  scatter(d, df, c_m16n8);
  std::memcpy(want, d, sizeof d);
  seq::mma_m16n8k8_tf32(want, a, b);
  exo_emu::launch(1, 32, [&] { gpu::mma_m16n8k8_tf32(df[threadIdx.x], af[threadIdx.x], bf[threadIdx.x]); });
  float got[16][8];
  gather(df, got, c_m16n8);
  report("mma_m16n8k8_tf32", same_bits(&got[0][0], &want[0][0], 16 * 8));
}

alignas(16) float smem_f32[48][20];

void test_load_tf32() {
  randomize(smem_f32);
  const int r0 = 21, c0 = 9;
  float af[32][4], bf[32][2], got_a[16][8], want_a[16][8], got_b[8][8], want_b[8][8];
  exo_emu::launch(1, 32, [&] {
    gpu::load_tf32_a(af[threadIdx.x], smem_f32, r0, c0);
    gpu::load_tf32_b(bf[threadIdx.x], smem_f32, r0 + 3, c0 + 2);
  });
  gather(af, got_a, a_tf32);
  gather(bf, got_b, b_tf32);
  seq::load_tf32_a(want_a, smem_f32, r0, c0);
  seq::load_tf32_b(want_b, smem_f32, r0 + 3, c0 + 2);
  report("load_tf32_a", same_bits(&got_a[0][0], &want_a[0][0], 16 * 8));
  report("load_tf32_b", same_bits(&got_b[0][0], &want_b[0][0], 8 * 8));
}

template <class T>
void test_store(const char* type) {
  const int ldc = 37, r0 = 5, c0 = 11;
  std::vector<T> got(40 * ldc), want;
  for (T& x : got) x = nonzero<T>();
  want = got;
  float d[16][8], df[32][4];
  randomize(d);
  scatter(d, df, c_m16n8);
  exo_emu::launch(1, 32, [&] { gpu::store_m16n8(got.data(), ldc, r0, c0, df[threadIdx.x]); });
  seq::store_m16n8(want.data(), ldc, r0, c0, d);
  report(std::string("<") + type + "> store_m16n8", same_bits(got.data(), want.data(), got.size()));
}

// The thread-level copies: 32 threads, thread t moves chunk t (row t / 4, column
// (t % 4) * 8 + 8 of a padded 32 x 48 tile) from a global array.
template <class T>
void test_copies(const char* type) {
  std::vector<T> global(32 * 64);
  for (T& x : global) x = nonzero<T>();
  const auto at = [](int t) { return std::pair{t / 4, (t % 4) * 8 + 8}; };
  const auto off = [](int t) { return (t / 4) * 64 + (t % 4) * 8 + 16; };
  alignas(16) static T got[32][48], want[32][48];
  randomize(got);
  std::memcpy(want, got, sizeof got);
  exo_emu::launch(1, 32, [&] {
    const int t = threadIdx.x;
    gpu::copy16(got, at(t).first, at(t).second, global.data(), off(t));
  });
  for (int t = 0; t < 32; ++t) seq::copy16(want, at(t).first, at(t).second, global.data(), off(t));
  report(std::string("<") + type + "> copy16", same_bits(&got[0][0], &want[0][0], 32 * 48));

  randomize(got);
  std::memcpy(want, got, sizeof got);
  exo_emu::launch(1, 32, [&] {
    const int t = threadIdx.x;
    T stage[2][8];  // as the generated code declares a thread's registers
    gpu::load16(stage[1], global.data(), off(t) + 8);
    gpu::store16(got, at(t).first, at(t).second, stage[1]);
  });
  for (int t = 0; t < 32; ++t) {
    T stage[2][8];
    seq::load16(stage[1], global.data(), off(t) + 8);
    seq::store16(want, at(t).first, at(t).second, stage[1]);
  }
  report(std::string("<") + type + "> load16 + store16", same_bits(&got[0][0], &want[0][0], 32 * 48));
}

// ldmatrix_x4 + ldmatrix_x2 + mma chained, as a GEMM's inner loop issues them (4 warps,
// each its own 16x8 tile of a 32x16 product over K = 32).
template <class T>
void test_chain(const char* type) {
  alignas(16) static T As[32][40], Bs[16][40];
  randomize(As);
  randomize(Bs);
  float got[32][16], want[32][16];
  randomize(want);
  std::memcpy(got, want, sizeof got);
  exo_emu::launch(1, 128, [&] {
    const int w = threadIdx.x / 32, l = threadIdx.x % 32, m0 = (w / 2) * 16, n0 = (w % 2) * 8;
    float acc[4];
    for (int s = 0; s < 4; ++s) acc[s] = got[m0 + c_m16n8(l, s).r][n0 + c_m16n8(l, s).c];
    for (int kk = 0; kk < 32; kk += 16) {
      T a[8], b[4];
      gpu::ldmatrix_x4(a, As, m0, kk);
      gpu::ldmatrix_x2(b, Bs, n0, kk);
      gpu::mma_m16n8k16(acc, a, b);
    }
    exo_emu::barrier();  // every lane has read `got` before any writes it
    for (int s = 0; s < 4; ++s) got[m0 + c_m16n8(l, s).r][n0 + c_m16n8(l, s).c] = acc[s];
  });
  for (int w = 0; w < 4; ++w) {
    const int m0 = (w / 2) * 16, n0 = (w % 2) * 8;
    float d[16][8];
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) d[i][j] = want[m0 + i][n0 + j];
    for (int kk = 0; kk < 32; kk += 16) {
      T a[16][16], b[8][16];
      seq::ldmatrix_x4(a, As, m0, kk);
      seq::ldmatrix_x2(b, Bs, n0, kk);
      seq::mma_m16n8k16(d, a, b);
    }
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) want[m0 + i][n0 + j] = d[i][j];
  }
  report(std::string("<") + type + "> ldmatrix_x4 + ldmatrix_x2 + mma_m16n8k16 chain (4 warps)",
         same_bits(&got[0][0], &want[0][0], 32 * 16));
}

}  // namespace

int main() {
  test_fill();
  test_ldmatrix_all<bf16>("bf16");
  test_ldmatrix_all<f16>("f16");
  test_mma<bf16>("bf16");
  test_mma<f16>("f16");
  test_mma_tf32();
  test_load_tf32();
  test_store<float>("float");
  test_store<bf16>("bf16");
  test_store<f16>("f16");
  test_copies<bf16>("bf16");
  test_copies<f16>("f16");
  test_chain<bf16>("bf16");
  test_chain<f16>("f16");
  std::printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
