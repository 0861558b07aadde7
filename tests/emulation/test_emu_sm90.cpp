// The CPU emulation of exo/sm90.hpp's CUDA forms (include/exo_emu_sm90.hpp) against the
// instructions' sequential bodies (exo/sm90.hpp): two emulated warpgroups (each its own
// tile and its own operand offsets) issue each instruction on random data (no zeros),
// and the tile each produces must be bit-identical to the one the body produces. Every
// case runs with the barrier epochs in both thread orders.
//
// Fragments go in and come out through the inverse layout map below, (thread of the
// warpgroup, slot) -> (row, column), written from the PTX ISA's text for the wgmma
// accumulator ("Matrix Fragments for wgmma.mma_async.m64nNk16": warp w of the warpgroup
// holds rows 16w .. 16w + 15; d_i of a thread is at row groupID (+ 8 for i % 4 >= 2),
// column 2 * threadID_in_group + i % 2 + 8 * (i / 4)), not from the forward formula the
// emulation uses: a slip in either shows up here. tests/gpu/test_sm90_instrs.cu does the
// same on the GPU.
#include "cuda_runtime.h"

#include <exo/sm90.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using exo::bf16;
using exo::f16;
namespace seq = exo::sm90;
namespace gpu = exo::sm90::gpu;

constexpr int WG = 2;  // emulated warpgroups

// ------------------------------------------------------------- inverse layout
struct RC {
  int r, c;
};
// t = thread of the warpgroup (0..127), s = slot (d_s); w = t / 32, groupID = lane / 4,
// threadID_in_group = lane % 4.
RC c_wgmma(int t, int s) {
  const int w = t / 32, lane = t % 32;
  return {16 * w + lane / 4 + 8 * (s / 2 % 2), 2 * (lane % 4) + s % 2 + 8 * (s / 4)};
}

std::mt19937 rng(20260318);

// A random nonzero value with a full float mantissa (rounded to T).
template <class T>
T nonzero() {
  std::uniform_real_distribution<float> mag(0.05f, 2.f);
  const float v = mag(rng);
  return T(rng() % 2 ? v : -v);
}

template <class T>
void randomize(T* p, size_t n) {
  for (size_t e = 0; e < n; ++e) p[e] = nonzero<T>();
}

// A 64 x N tile <-> the warpgroup's 128 x N/2 fragment slots.
template <int N>
void scatter(const float (&tile)[64][N], float* frag) {
  for (int t = 0; t < 128; ++t)
    for (int s = 0; s < N / 2; ++s) frag[t * (N / 2) + s] = tile[c_wgmma(t, s).r][c_wgmma(t, s).c];
}

template <int N>
void gather(const float* frag, float (&tile)[64][N]) {
  for (int t = 0; t < 128; ++t)
    for (int s = 0; s < N / 2; ++s) tile[c_wgmma(t, s).r][c_wgmma(t, s).c] = frag[t * (N / 2) + s];
}

template <int N>
float (&tile(std::vector<float>& v, int g))[64][N] {
  return *reinterpret_cast<float(*)[64][N]>(&v[size_t(g) * 64 * N]);
}

int failures = 0;

bool same_bits(const void* x, const void* y, size_t bytes) { return std::memcmp(x, y, bytes) == 0; }

void report(const std::string& name, bool ok) {
  std::printf("%s %s\n", ok ? "PASS" : "FAIL", name.c_str());
  failures += !ok;
}

std::string shape(const char* type, const char* name, int n, int kk = 0) {
  return std::string("<") + type + "> " + name + " N=" + std::to_string(n) + (kk ? " KK=" + std::to_string(kk) : "");
}

// Runs `body` once per thread order; true if `check` holds after each.
template <class Body, class Check>
bool both_orders(Body body, Check check) {
  bool ok = true;
  for (bool rev : {false, true}) {
    exo_emu::reverse = rev;
    ok &= check(body());
  }
  exo_emu::reverse = false;
  return ok;
}

// ------------------------------------------------------------------ the tests
template <int N>
void test_fill() {
  const float v = nonzero<float>();
  bool ok = both_orders(
      [&] {
        std::vector<float> frag(WG * 128 * (N / 2));
        exo_emu::launch(1, WG * 128, [&] {
          float mine[N / 2];
          for (int s = 0; s < N / 2; ++s) mine[s] = float(s + 1);
          gpu::wgmma_fill<N>(mine, v);
          std::memcpy(&frag[threadIdx.x * (N / 2)], mine, sizeof mine);
        });
        return frag;
      },
      [&](const std::vector<float>& frag) {
        bool good = true;
        std::vector<float> got(64 * N), want(64 * N);
        for (int g = 0; g < WG; ++g) {
          gather(&frag[g * 128 * (N / 2)], tile<N>(got, 0));
          randomize(want.data(), want.size());
          seq::wgmma_fill(tile<N>(want, 0), v);
          good &= same_bits(got.data(), want.data(), got.size() * sizeof(float));
        }
        return good;
      });
  report("wgmma_fill N=" + std::to_string(N) + " (2 warpgroups)", ok);
}

// The operand offsets of the two issues, for warpgroup g (as tests/gpu/test_sm90_instrs.cu).
struct Issue {
  int ar, akc, br, bkc;
};
Issue issue(int which, int g) {
  if (which == 0) return {5 + 64 * g, 1, 7 + 8 * g, 2};
  return {66 - 64 * g, 0, 1 + 3 * g, 0};
}

// The shared arrays: a is T[KK/8 + 1][134][8], b is T[KK/8 + 2][N + 16][8].
template <class T, int N, int KK>
struct Tiles {
  static constexpr int KA = KK / 8 + 1, RA = 134, KB = KK / 8 + 2, RB = N + 16;
  alignas(16) static inline T a[KA][RA][8];
  alignas(16) static inline T b[KB][RB][8];
};

// Two issues into the same d, two warpgroups at once (each its own scratch).
template <class T, int N, int KK>
void test_wgmma(const char* type) {
  using Tl = Tiles<T, N, KK>;
  randomize(&Tl::a[0][0][0], sizeof Tl::a / sizeof(T));
  randomize(&Tl::b[0][0][0], sizeof Tl::b / sizeof(T));
  std::vector<float> init(WG * 64 * N), want(WG * 64 * N), frag0(WG * 128 * (N / 2));
  randomize(init.data(), init.size());
  want = init;
  for (int g = 0; g < WG; ++g) {
    scatter(tile<N>(init, g), &frag0[g * 128 * (N / 2)]);
    for (int which = 0; which < 2; ++which) {
      const Issue is = issue(which, g);
      seq::wgmma<N, KK>(tile<N>(want, g), Tl::a, is.ar, is.akc, Tl::b, is.br, is.bkc);
    }
  }
  const bool ok = both_orders(
      [&] {
        std::vector<float> frag = frag0;
        exo_emu::launch(1, WG * 128, [&] {
          const int g = threadIdx.x / 128;
          float acc[N / 2];
          std::memcpy(acc, &frag[threadIdx.x * (N / 2)], sizeof acc);
          for (int which = 0; which < 2; ++which) {
            const Issue is = issue(which, g);
            gpu::wgmma<N, KK>(acc, Tl::a, is.ar, is.akc, Tl::b, is.br, is.bkc);
          }
          std::memcpy(&frag[threadIdx.x * (N / 2)], acc, sizeof acc);
        });
        return frag;
      },
      [&](const std::vector<float>& frag) {
        std::vector<float> got(WG * 64 * N);
        for (int g = 0; g < WG; ++g) gather(&frag[g * 128 * (N / 2)], tile<N>(got, g));
        return same_bits(got.data(), want.data(), got.size() * sizeof(float));
      });
  report(shape(type, "wgmma", N, KK) + " (2 warpgroups, 2 issues, nonzero offsets)", ok);
}

template <class T, int N>
void test_store(const char* type) {
  const int ldc = N + 19, rows = 3 + 64 * WG + 2;
  std::vector<T> init(size_t(rows) * ldc), want;
  randomize(init.data(), init.size());
  want = init;
  std::vector<float> d(WG * 64 * N), frag(WG * 128 * (N / 2));
  randomize(d.data(), d.size());
  d[0] = 1.f + 0x8000p-23f;  // halfway between two bf16 (ties to even) ...
  d[1] = 1.f + 0x1000p-23f;  // ... and between two f16
  for (int g = 0; g < WG; ++g) {
    scatter(tile<N>(d, g), &frag[g * 128 * (N / 2)]);
    seq::wgmma_store(want.data(), ldc, 3 + 64 * g, 11, tile<N>(d, g));
  }
  const bool ok = both_orders(
      [&] {
        std::vector<T> got = init;
        exo_emu::launch(1, WG * 128, [&] {
          const int g = threadIdx.x / 128;
          float mine[N / 2];
          std::memcpy(mine, &frag[threadIdx.x * (N / 2)], sizeof mine);
          gpu::wgmma_store<T, N>(got.data(), ldc, 3 + 64 * g, 11, mine);
        });
        return got;
      },
      [&](const std::vector<T>& got) { return same_bits(got.data(), want.data(), got.size() * sizeof(T)); });
  report(shape(type, "wgmma_store", N) + " (2 warpgroups)", ok);
}

// fill + wgmma + store as a GEMM issues them: C (128 x 128, f32) = A * B^T over K = 64,
// warpgroup g the rows 64g .. 64g + 63, operands in the core-matrix layout.
template <class T>
void test_chain(const char* type) {
  constexpr int CM = 128, CN = 128, CK = 64;
  alignas(16) static T As[CK / 8][CM][8], Bs[CK / 8][CN][8];
  randomize(&As[0][0][0], sizeof As / sizeof(T));
  randomize(&Bs[0][0][0], sizeof Bs / sizeof(T));
  std::vector<float> want(CM * CN);
  for (int g = 0; g < WG; ++g) {
    std::vector<float> d(64 * CN);
    seq::wgmma_fill(tile<CN>(d, 0), 0.f);
    seq::wgmma<CN, CK>(tile<CN>(d, 0), As, 64 * g, 0, Bs, 0, 0);
    seq::wgmma_store(want.data(), CN, 64 * g, 0, tile<CN>(d, 0));
  }
  const bool ok = both_orders(
      [&] {
        std::vector<float> got(CM * CN);
        exo_emu::launch(1, WG * 128, [&] {
          const int g = threadIdx.x / 128;
          float acc[CN / 2];
          gpu::wgmma_fill<CN>(acc, 0.f);
          gpu::wgmma<CN, CK>(acc, As, 64 * g, 0, Bs, 0, 0);
          gpu::wgmma_store<float, CN>(got.data(), CN, 64 * g, 0, acc);
        });
        return got;
      },
      [&](const std::vector<float>& got) { return same_bits(got.data(), want.data(), got.size() * sizeof(float)); });
  report(std::string("<") + type + "> wgmma_fill + wgmma + wgmma_store chain (128x128x64, 2 warpgroups)", ok);
}

template <class T>
void test_wgmma_all(const char* type) {
  test_wgmma<T, 8, 16>(type);
  test_wgmma<T, 64, 16>(type);
  test_wgmma<T, 64, 64>(type);
  test_wgmma<T, 128, 16>(type);
  test_wgmma<T, 128, 64>(type);
  test_wgmma<T, 256, 16>(type);
  test_wgmma<T, 256, 64>(type);
}

// ------------------------------------------------------------------- clusters
// A TMA multicast in a cluster of two blocks of two threads: thread 0 of each block
// issues its half of the box (block 1's only after a barrier, i.e. once the others all
// wait), thread 1 waits for the position. Each block's tile must receive the whole box
// as the sequential body copies it (columns past `ld` zero), and no wait may pass before
// both halves are issued: block 0's slot has its one arrival after its own half, but not
// the bytes. Then each consumer releases the position in both blocks
// (mbarrier_arrive_cluster_ring), and each producer's wait for it needs both consumers.
// Where the 128-byte swizzle puts element (r, c) of a tile of 64 16-bit columns: row r,
// 16-byte chunk (c / 8) ^ (r % 8) (CUDA C++ Programming Guide, TMA swizzle patterns).
int sw128(int r, int c) { return r * 128 + (((c / 8) ^ (r % 8)) * 16) + (c % 8) * 2; }

void test_multicast() {
  constexpr int R = 32, ROWS = 48, LD = 80, R0 = 8, C0 = 32;  // columns 80 .. 95 outside
  std::vector<bf16> src(size_t(ROWS) * LD);
  randomize(src.data(), src.size());
  static bf16 want[R][64];
  exo::mbarrier seqRing[1];
  seq::tma_load_sw128_multicast(want, src.data(), LD, R0, C0, seqRing, 0);
  CUtensorMap map;
  exo::sm90::host::make_tensor_map_2d(&map, src.data(), ROWS, LD, LD * sizeof(bf16), R / 2, 64, true);
  struct Seen {
    std::vector<bf16> tile = std::vector<bf16>(R * 64);  // unswizzled
    int issuedAtWait = -1, releasedAtWait = -1;
  };
  const bool ok = both_orders(
      [&] {
        std::vector<Seen> seen(2);
        int issued = 0, released = 0;
        exo_emu::launch_cluster(2, 2, 2, [&] {
          unsigned char* smem = exo_emu::block_smem();
          auto& tile = *reinterpret_cast<bf16(*)[R][64]>(smem);
          auto& full = *reinterpret_cast<std::uint64_t(*)[1]>(smem + sizeof tile);
          auto& empty = *reinterpret_cast<std::uint64_t(*)[1]>(smem + sizeof tile + 8);
          const unsigned rank = gpu::cluster_rank();
          if (gpu::cluster_blocks() != 2 || blockIdx.x != rank) seen[rank].issuedAtWait = -2;
          if (threadIdx.x == 0) {
            std::memset(smem, 0xff, sizeof tile);  // not the box (the buffer outlives a launch)
            gpu::mbarrier_init(&full[0], 1);
            gpu::mbarrier_init(&empty[0], 2);
            gpu::mbarrier_init_fence();
          }
          gpu::cluster_sync();
          if (threadIdx.x == 0) {
            if (rank == 1) __syncthreads();  // opens when the three others wait
            gpu::tma_load_sw128_multicast<bf16, R, 64, 1>(tile, &map, LD, R0, C0, full, 0);
            ++issued;
            gpu::mbarrier_wait_ring<1>(empty, 0);
            seen[rank].releasedAtWait = released;
          } else {
            gpu::mbarrier_wait_ring<1>(full, 0);
            seen[rank].issuedAtWait = issued;
            for (int r = 0; r < R; ++r)
              for (int c = 0; c < 64; ++c)
                std::memcpy(&seen[rank].tile[r * 64 + c], smem + sw128(r, c), sizeof(bf16));
            ++released;
            gpu::mbarrier_arrive_cluster_ring<1>(empty, 0);
          }
        });
        return seen;
      },
      [&](const std::vector<Seen>& seen) {
        bool good = true;
        for (const Seen& s : seen)
          good &= s.issuedAtWait == 2 && s.releasedAtWait == 2 && same_bits(s.tile.data(), want, sizeof want);
        return good;
      });
  report("<bf16> tma_load_sw128_multicast R=32 + mbarrier_arrive_cluster_ring (cluster of 2 blocks)", ok);
}

}  // namespace

int main() {
  test_fill<8>();
  test_fill<64>();
  test_fill<256>();
  test_wgmma_all<bf16>("bf16");
  test_wgmma_all<f16>("f16");
  test_wgmma<f16, 24, 64>("f16");
  test_store<float, 64>("float");
  test_store<float, 256>("float");
  test_store<bf16, 128>("bf16");
  test_store<f16, 256>("f16");
  test_chain<bf16>("bf16");
  test_chain<f16>("f16");
  test_multicast();
  std::printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
