// The CUDA forms of exo/sm80.hpp's instructions (exo/cuda/sm80.cuh) on a GPU, against
// their sequential bodies run on the host: one warp issues each instruction on random
// data (no zeros), with shared operands copied into __shared__ arrays first. ldmatrix,
// the tf32 fragment loads, the copies, the stores and fill must match bit for bit; mma
// (which sums in the tensor core's own order and precision) within 1e-5 of the sum of
// the magnitudes of its terms, element by element. One PASS / FAIL row per instruction;
// exit status 1 on any failure.
//
// Fragments go in and come out through the inverse layout maps below, (lane, slot) ->
// (row, column), written from the PTX ISA's groupID / threadID_in_group text ("Matrix
// Fragments for mma.m16n8k16 / mma.m16n8k8", "ldmatrix"): the hardware is the judge of
// the layouts that exo/cuda/sm80.cuh (and exo-cuda) rely on.
//
// Needs sm_80 or later. Build and run (from the repository root):
//   mkdir -p build-gpu && nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a \
//     -I annotations/include tests/gpu/test_sm80_instrs.cu -o build-gpu/test_sm80_instrs
//   ./build-gpu/test_sm80_instrs && compute-sanitizer --tool racecheck ./build-gpu/test_sm80_instrs
// (sm_80 / sm_86 / sm_89: -gencode=arch=compute_80,code=sm_80 and so on.)
#include <exo/sm80.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "../support/sm80_fragments.hpp"

#define CHECK(call)                                                                              \
  do {                                                                                           \
    cudaError_t e_ = (call);                                                                     \
    if (e_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      std::exit(2);                                                                              \
    }                                                                                            \
  } while (0)

namespace {

using bf16 = __nv_bfloat16;
using f16 = __half;
namespace seq = exo::sm80;
namespace gpu = exo::sm80::gpu;

using namespace sm80_test;  // inverse layouts, test data (tests/support/sm80_fragments.hpp)


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

int failures = 0;

void report(const std::string& name, bool ok, const std::string& note = "") {
  std::printf("%s %s%s\n", ok ? "PASS" : "FAIL", name.c_str(), note.empty() ? "" : ("  (" + note + ")").c_str());
  failures += !ok;
}

bool same_bits(const void* x, const void* y, size_t bytes) { return std::memcmp(x, y, bytes) == 0; }

// Device buffers from host objects and back.
template <class T>
T* to_device(const T* host, size_t n) {
  T* d;
  CHECK(cudaMalloc(&d, n * sizeof(T)));
  CHECK(cudaMemcpy(d, host, n * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T>
void from_device(T* host, const T* dev, size_t n) {
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(host, dev, n * sizeof(T), cudaMemcpyDeviceToHost));
}

// A 16x8 f32 result within 1e-5 of the body's, relative to each element's |d| + sum |terms|.
bool close(const float (&got)[16][8], const float (&want)[16][8], const float (&scale)[16][8], double* worst) {
  bool ok = true;
  *worst = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      const double err = std::fabs(double(got[i][j]) - double(want[i][j])) / double(scale[i][j]);
      if (!(err <= 1e-5)) ok = false;  // NaN fails too
      if (err > *worst || err != err) *worst = err;
    }
  return ok;
}

std::string rel(double worst) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "max error %.2e of the terms' magnitude", worst);
  return buf;
}

// ------------------------------------------------------------------- kernels
__global__ void k_fill(float* out, float v) {
  float d[4] = {1.f, 2.f, 3.f, 4.f};
  gpu::fill_m16n8(d, v);
  for (int s = 0; s < 4; ++s) out[threadIdx.x * 4 + s] = d[s];
}

constexpr int SR = 64, SC = 40;  // the padded shared source of ldmatrix: 80-byte rows

enum Ldsm { X1, X2, X4, X1T, X2T, X4T };

template <class T, Ldsm V, int S>
__global__ void k_ldmatrix(const T* src, int r0, int c0, T* out) {
  __shared__ __align__(16) T s[SR][SC];
  for (int e = threadIdx.x; e < SR * SC; e += blockDim.x) s[e / SC][e % SC] = src[e];
  __syncthreads();
  T frag[S];
  if constexpr (V == X1) gpu::ldmatrix_x1(frag, s, r0, c0);
  if constexpr (V == X2) gpu::ldmatrix_x2(frag, s, r0, c0);
  if constexpr (V == X4) gpu::ldmatrix_x4(frag, s, r0, c0);
  if constexpr (V == X1T) gpu::ldmatrix_x1_trans(frag, s, r0, c0);
  if constexpr (V == X2T) gpu::ldmatrix_x2_trans(frag, s, r0, c0);
  if constexpr (V == X4T) gpu::ldmatrix_x4_trans(frag, s, r0, c0);
  for (int e = 0; e < S; ++e) out[threadIdx.x * S + e] = frag[e];
}

// Two issues accumulating into the same d.
template <class T>
__global__ void k_mma(const T* af, const T* bf, float* df) {
  const int l = threadIdx.x;
  T a[8], b[4];
  float d[4];
  for (int s = 0; s < 8; ++s) a[s] = af[l * 8 + s];
  for (int s = 0; s < 4; ++s) b[s] = bf[l * 4 + s];
  for (int s = 0; s < 4; ++s) d[s] = df[l * 4 + s];
  gpu::mma_m16n8k16(d, a, b);
  gpu::mma_m16n8k16(d, a, b);
  for (int s = 0; s < 4; ++s) df[l * 4 + s] = d[s];
}

__global__ void k_mma_tf32(const float* af, const float* bf, float* df) {
  const int l = threadIdx.x;
  float a[4], b[2], d[4];
  for (int s = 0; s < 4; ++s) a[s] = af[l * 4 + s];
  for (int s = 0; s < 2; ++s) b[s] = bf[l * 2 + s];
  for (int s = 0; s < 4; ++s) d[s] = df[l * 4 + s];
  gpu::mma_m16n8k8_tf32(d, a, b);
  for (int s = 0; s < 4; ++s) df[l * 4 + s] = d[s];
}

constexpr int FR = 48, FC = 20;  // the f32 shared source of the tf32 loads

__global__ void k_load_tf32(const float* src, int r0, int c0, float* outa, float* outb) {
  __shared__ __align__(16) float s[FR][FC];
  for (int e = threadIdx.x; e < FR * FC; e += blockDim.x) s[e / FC][e % FC] = src[e];
  __syncthreads();
  float a[4], b[2];
  gpu::load_tf32_a(a, s, r0, c0);
  gpu::load_tf32_b(b, s, r0 + 3, c0 + 2);
  for (int e = 0; e < 4; ++e) outa[threadIdx.x * 4 + e] = a[e];
  for (int e = 0; e < 2; ++e) outb[threadIdx.x * 2 + e] = b[e];
}

template <class T>
__global__ void k_store(T* C, int ldc, int r0, int c0, const float* df) {
  float d[4];
  for (int s = 0; s < 4; ++s) d[s] = df[threadIdx.x * 4 + s];
  gpu::store_m16n8(C, ldc, r0, c0, d);
}

// Thread t moves chunk t: shared row t / 4, column (t % 4) * 8 + 8 of a 32 x 48 tile;
// global element (t / 4) * 64 + (t % 4) * 8 + 16 (+ 8 for the register-staged pair).
constexpr int CR = 32, CC = 48;
__host__ __device__ int chunk_row(int t) { return t / 4; }
__host__ __device__ int chunk_col(int t) { return (t % 4) * 8 + 8; }
__host__ __device__ int chunk_off(int t) { return (t / 4) * 64 + (t % 4) * 8 + 16; }

template <class T, bool STAGED>
__global__ void k_copies(const T* global, const T* init, T* out) {
  __shared__ __align__(16) T s[CR][CC];
  for (int e = threadIdx.x; e < CR * CC; e += blockDim.x) s[e / CC][e % CC] = init[e];
  __syncthreads();
  const int t = threadIdx.x;
  if constexpr (STAGED) {
    T stage[2][8];  // as the generated code declares a thread's registers
    gpu::load16(stage[1], global, chunk_off(t) + 8);
    gpu::store16(s, chunk_row(t), chunk_col(t), stage[1]);
  } else {
    gpu::copy16(s, chunk_row(t), chunk_col(t), global, chunk_off(t));
  }
  __syncthreads();
  for (int e = threadIdx.x; e < CR * CC; e += blockDim.x) out[e] = s[e / CC][e % CC];
}

// ldmatrix_x4 + ldmatrix_x2 + mma + store chained as a GEMM's inner loop issues them:
// 4 warps, each a 16x8 tile of a 32x16 product over K = 32 (C = A * B^T, f32).
template <class T>
__global__ void k_chain(const T* A, const T* B, float* C) {
  __shared__ __align__(16) T As[32][40];
  __shared__ __align__(16) T Bs[16][40];
  for (int e = threadIdx.x; e < 32 * 32; e += blockDim.x) As[e / 32][e % 32] = A[e];
  for (int e = threadIdx.x; e < 16 * 32; e += blockDim.x) Bs[e / 32][e % 32] = B[e];
  __syncthreads();
  const int w = threadIdx.x / 32, m0 = (w / 2) * 16, n0 = (w % 2) * 8;
  float acc[4];
  gpu::fill_m16n8(acc, 0.f);
  for (int kk = 0; kk < 32; kk += 16) {
    T a[8], b[4];
    gpu::ldmatrix_x4(a, As, m0, kk);
    gpu::ldmatrix_x2(b, Bs, n0, kk);
    gpu::mma_m16n8k16(acc, a, b);
  }
  gpu::store_m16n8(C, 16, m0, n0, acc);
}

// ---------------------------------------------------------------------- tests
void test_fill() {
  float* d_out;
  CHECK(cudaMalloc(&d_out, 32 * 4 * sizeof(float)));
  const float v = nonzero<float>();
  k_fill<<<1, 32>>>(d_out, v);
  float frag[32][4], got[16][8], want[16][8];
  from_device(&frag[0][0], d_out, 32 * 4);
  gather(frag, got, c_m16n8);
  randomize(want);
  seq::fill_m16n8(want, v);
  report("fill_m16n8", same_bits(got, want, sizeof got));
  CHECK(cudaFree(d_out));
}

template <class T, Ldsm V, int ROWS, int COLS, int S, class Seq>
void test_ldmatrix(const std::string& name, RC (*map)(int, int), Seq body) {
  for (auto [r0, c0] : {std::pair{0, 0}, std::pair{13, 24}, std::pair{40, 8}}) {
    static T src[SR][SC];
    randomize(src);
    T* d_src = to_device(&src[0][0], SR * SC);
    T* d_out;
    CHECK(cudaMalloc(&d_out, 32 * S * sizeof(T)));
    k_ldmatrix<T, V, S><<<1, 32>>>(d_src, r0, c0, d_out);
    T frag[32][S], got[ROWS][COLS], want[ROWS][COLS];
    from_device(&frag[0][0], d_out, 32 * S);
    gather(frag, got, map);
    body(want, src, r0, c0);
    report(name + " r0=" + std::to_string(r0) + " c0=" + std::to_string(c0), same_bits(got, want, sizeof got));
    CHECK(cudaFree(d_src));
    CHECK(cudaFree(d_out));
  }
}

template <class T>
void test_ldmatrix_all(const char* type) {
  const std::string t = std::string("<") + type + "> ";
  test_ldmatrix<T, X1, 8, 8, 2>(t + "ldmatrix_x1", ldsm, [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x1(d, s, r, c); });
  test_ldmatrix<T, X2, 8, 16, 4>(t + "ldmatrix_x2", b_n8k16,
                                 [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x2(d, s, r, c); });
  test_ldmatrix<T, X4, 16, 16, 8>(t + "ldmatrix_x4", a_m16k16,
                                  [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x4(d, s, r, c); });
  test_ldmatrix<T, X1T, 8, 8, 2>(t + "ldmatrix_x1_trans", ldsm,
                                 [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x1_trans(d, s, r, c); });
  test_ldmatrix<T, X2T, 8, 16, 4>(t + "ldmatrix_x2_trans", b_n8k16,
                                  [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x2_trans(d, s, r, c); });
  test_ldmatrix<T, X4T, 16, 16, 8>(t + "ldmatrix_x4_trans", a_m16k16,
                                   [](auto& d, auto& s, int r, int c) { seq::ldmatrix_x4_trans(d, s, r, c); });
}

template <class T>
void test_mma(const char* type) {
  T a[16][16], b[8][16], af[32][8], bf[32][4];
  float d[16][8], want[16][8], df[32][4], scale[16][8];
  randomize(a);
  randomize(b);
  randomize(d);
  scatter(a, af, a_m16k16);
  scatter(b, bf, b_n8k16);
  scatter(d, df, c_m16n8);
  std::memcpy(want, d, sizeof d);
  seq::mma_m16n8k16(want, a, b);
  seq::mma_m16n8k16(want, a, b);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      scale[i][j] = std::fabs(d[i][j]);
      for (int k = 0; k < 16; ++k) scale[i][j] += 2 * std::fabs(float(a[i][k]) * float(b[j][k]));
    }
  T* d_a = to_device(&af[0][0], 32 * 8);
  T* d_b = to_device(&bf[0][0], 32 * 4);
  float* d_d = to_device(&df[0][0], 32 * 4);
  k_mma<T><<<1, 32>>>(d_a, d_b, d_d);
  from_device(&df[0][0], d_d, 32 * 4);
  float got[16][8];
  gather(df, got, c_m16n8);
  double worst;
  const bool ok = close(got, want, scale, &worst);
  report(std::string("<") + type + "> mma_m16n8k16 (2 issues)", ok, rel(worst));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_d));
}

void test_mma_tf32() {
  float a[16][8], b[8][8], d[16][8], want[16][8], af[32][4], bf[32][2], df[32][4], scale[16][8];
  randomize(a);
  randomize(b);
  randomize(d);
  scatter(a, af, a_tf32);
  scatter(b, bf, b_tf32);
  scatter(d, df, c_m16n8);
  std::memcpy(want, d, sizeof d);
  seq::mma_m16n8k8_tf32(want, a, b);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j) {
      scale[i][j] = std::fabs(d[i][j]);
      for (int k = 0; k < 8; ++k) scale[i][j] += std::fabs(exo::to_tf32(a[i][k]) * exo::to_tf32(b[j][k]));
    }
  float* d_a = to_device(&af[0][0], 32 * 4);
  float* d_b = to_device(&bf[0][0], 32 * 2);
  float* d_d = to_device(&df[0][0], 32 * 4);
  k_mma_tf32<<<1, 32>>>(d_a, d_b, d_d);
  from_device(&df[0][0], d_d, 32 * 4);
  float got[16][8];
  gather(df, got, c_m16n8);
  double worst;
  const bool ok = close(got, want, scale, &worst);
  report("mma_m16n8k8_tf32", ok, rel(worst));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_d));
}

// The tf32 rounding on its own: an exactly representable product, so any difference is
// cvt.rna against exo::to_tf32 (ties away from zero) or a lost operand. A = row 0 only,
// B = row 0 only, d = 0 except that single product: d[0][0] = tf32(x) * tf32(y).
void test_tf32_rounding() {
  bool ok = true;
  const float xs[] = {1.f + 0x1000p-23f,  1.f + 0x0fffp-23f, -(1.f + 0x3000p-23f), 1.5f + 0x1001p-23f,
                      -3.f - 0x1000p-22f, 0.75f + 0x1fffp-24f};
  float* d_a;
  float* d_b;
  float* d_d;
  CHECK(cudaMalloc(&d_a, 32 * 4 * sizeof(float)));
  CHECK(cudaMalloc(&d_b, 32 * 2 * sizeof(float)));
  CHECK(cudaMalloc(&d_d, 32 * 4 * sizeof(float)));
  for (float x : xs) {
    float a[16][8] = {}, b[8][8] = {}, d[16][8] = {}, af[32][4], bf[32][2], df[32][4];
    a[0][0] = x;
    b[0][0] = 1.f;  // exact in tf32
    scatter(a, af, a_tf32);
    scatter(b, bf, b_tf32);
    scatter(d, df, c_m16n8);
    CHECK(cudaMemcpy(d_a, af, sizeof af, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, bf, sizeof bf, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_d, df, sizeof df, cudaMemcpyHostToDevice));
    k_mma_tf32<<<1, 32>>>(d_a, d_b, d_d);
    from_device(&df[0][0], d_d, 32 * 4);
    float got[16][8];
    gather(df, got, c_m16n8);
    seq::mma_m16n8k8_tf32(d, a, b);
    ok &= same_bits(&got[0][0], &d[0][0], sizeof(float));  // the one product, bit for bit
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) ok &= got[i][j] == d[i][j];  // the zeros (of either sign)
  }
  report("mma_m16n8k8_tf32 rounding (cvt.rna ties, bit for bit)", ok);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_d));
}

void test_load_tf32() {
  static float src[FR][FC];
  randomize(src);
  const int r0 = 21, c0 = 9;
  float* d_src = to_device(&src[0][0], FR * FC);
  float *d_a, *d_b;
  CHECK(cudaMalloc(&d_a, 32 * 4 * sizeof(float)));
  CHECK(cudaMalloc(&d_b, 32 * 2 * sizeof(float)));
  k_load_tf32<<<1, 32>>>(d_src, r0, c0, d_a, d_b);
  float af[32][4], bf[32][2], got_a[16][8], want_a[16][8], got_b[8][8], want_b[8][8];
  from_device(&af[0][0], d_a, 32 * 4);
  from_device(&bf[0][0], d_b, 32 * 2);
  gather(af, got_a, a_tf32);
  gather(bf, got_b, b_tf32);
  seq::load_tf32_a(want_a, src, r0, c0);
  seq::load_tf32_b(want_b, src, r0 + 3, c0 + 2);
  report("load_tf32_a", same_bits(got_a, want_a, sizeof got_a));
  report("load_tf32_b", same_bits(got_b, want_b, sizeof got_b));
  CHECK(cudaFree(d_src));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
}

template <class T>
void test_store(const char* type) {
  const int ldc = 37, r0 = 5, c0 = 11;
  std::vector<T> got(40 * ldc), want;
  for (T& x : got) x = nonzero<T>();
  want = got;
  float d[16][8], df[32][4];
  randomize(d);
  d[0][0] = 1.f + 0x8000p-23f;  // halfway between two bf16 (ties to even) ...
  d[0][1] = 1.f + 0x1000p-23f;  // ... and between two f16
  d[1][0] = 1.f + 0x18000p-23f;
  scatter(d, df, c_m16n8);
  T* d_c = to_device(got.data(), got.size());
  float* d_d = to_device(&df[0][0], 32 * 4);
  k_store<T><<<1, 32>>>(d_c, ldc, r0, c0, d_d);
  from_device(got.data(), d_c, got.size());
  seq::store_m16n8(want.data(), ldc, r0, c0, d);
  report(std::string("<") + type + "> store_m16n8", same_bits(got.data(), want.data(), got.size() * sizeof(T)));
  CHECK(cudaFree(d_c));
  CHECK(cudaFree(d_d));
}

template <class T>
void test_copies(const char* type) {
  std::vector<T> global(32 * 64);
  for (T& x : global) x = nonzero<T>();
  static T init[CR][CC], got[CR][CC], want[CR][CC];
  T* d_global = to_device(global.data(), global.size());
  T* d_out;
  CHECK(cudaMalloc(&d_out, CR * CC * sizeof(T)));
  for (bool staged : {false, true}) {
    randomize(init);
    T* d_init = to_device(&init[0][0], CR * CC);
    if (staged)
      k_copies<T, true><<<1, 32>>>(d_global, d_init, d_out);
    else
      k_copies<T, false><<<1, 32>>>(d_global, d_init, d_out);
    from_device(&got[0][0], d_out, CR * CC);
    std::memcpy(want, init, sizeof want);
    for (int t = 0; t < 32; ++t) {
      if (staged) {
        T stage[2][8];
        seq::load16(stage[1], global.data(), chunk_off(t) + 8);
        seq::store16(want, chunk_row(t), chunk_col(t), stage[1]);
      } else {
        seq::copy16(want, chunk_row(t), chunk_col(t), global.data(), chunk_off(t));
      }
    }
    report(std::string("<") + type + (staged ? "> load16 + store16" : "> copy16"), same_bits(got, want, sizeof got));
    CHECK(cudaFree(d_init));
  }
  CHECK(cudaFree(d_global));
  CHECK(cudaFree(d_out));
}

template <class T>
void test_chain(const char* type) {
  static T A[32][32], B[16][32];
  randomize(A);
  randomize(B);
  T* d_A = to_device(&A[0][0], 32 * 32);
  T* d_B = to_device(&B[0][0], 16 * 32);
  float* d_C;
  CHECK(cudaMalloc(&d_C, 32 * 16 * sizeof(float)));
  k_chain<T><<<1, 128>>>(d_A, d_B, d_C);
  float C[32][16];
  from_device(&C[0][0], d_C, 32 * 16);
  // The same steps through the sequential bodies (the shared copies are A and B with
  // rows padded to 40).
  static T As[32][40], Bs[16][40];
  for (int i = 0; i < 32; ++i)
    for (int k = 0; k < 32; ++k) As[i][k] = A[i][k];
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 32; ++k) Bs[i][k] = B[i][k];
  bool ok = true;
  double worst_all = 0;
  for (int w = 0; w < 4; ++w) {
    const int m0 = (w / 2) * 16, n0 = (w % 2) * 8;
    float d[16][8], got[16][8], scale[16][8] = {};
    seq::fill_m16n8(d, 0.f);
    for (int kk = 0; kk < 32; kk += 16) {
      T a[16][16], b[8][16];
      seq::ldmatrix_x4(a, As, m0, kk);
      seq::ldmatrix_x2(b, Bs, n0, kk);
      seq::mma_m16n8k16(d, a, b);
    }
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) {
        got[i][j] = C[m0 + i][n0 + j];
        for (int k = 0; k < 32; ++k) scale[i][j] += std::fabs(float(A[m0 + i][k]) * float(B[n0 + j][k]));
      }
    double worst;
    ok &= close(got, d, scale, &worst);
    worst_all = std::fmax(worst_all, worst);
  }
  report(std::string("<") + type + "> ldmatrix_x4 + ldmatrix_x2 + mma_m16n8k16 + store_m16n8 chain (4 warps)", ok,
         rel(worst_all));
  CHECK(cudaFree(d_A));
  CHECK(cudaFree(d_B));
  CHECK(cudaFree(d_C));
}

}  // namespace

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);
  test_fill();
  test_ldmatrix_all<bf16>("bf16");
  test_ldmatrix_all<f16>("f16");
  test_mma<bf16>("bf16");
  test_mma<f16>("f16");
  test_mma_tf32();
  test_tf32_rounding();
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
