// The CUDA forms of exo/sm90.hpp's instructions (exo/cuda/sm90.cuh) on a GPU, against
// their sequential bodies run on the host: two warpgroups per block (each its own tile
// and its own operand offsets) issue each instruction on random data (no zeros), with
// the shared operands copied into shared arrays first. wgmma_fill and wgmma_store must
// match bit for bit; wgmma (which sums in the tensor core's own order and precision)
// within 1e-5 of the sum of the magnitudes of its terms, element by element. One
// PASS / FAIL row per case; exit status 1 on any failure.
//
// Fragments go in and come out through the inverse layout map below, (thread of the
// warpgroup, slot) -> (row, column), written from the PTX ISA's text for the wgmma
// accumulator ("Matrix Fragments for wgmma.mma_async.m64nNk16": warp w of the warpgroup
// holds rows 16w .. 16w + 15; d_i of a thread is at row groupID (+ 8 for i % 4 >= 2),
// column 2 * threadID_in_group + i % 2 + 8 * (i / 4)), not from the forward formula of
// exo/cuda/sm90.cuh: the hardware is the judge of the layout that exo-cuda relies on.
//
// Needs sm_90a (wgmma). Build and run (from the repository root):
//   mkdir -p build-gpu && nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a \
//     -I annotations/include tests/gpu/test_sm90_instrs.cu -o build-gpu/test_sm90_instrs
//   ./build-gpu/test_sm90_instrs && compute-sanitizer --tool racecheck ./build-gpu/test_sm90_instrs
// (`-Xptxas -v` shows every kernel at 0 bytes of stack frame and spills: the
// accumulators stay in registers.)
#include <exo/sm90.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

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
namespace seq = exo::sm90;
namespace gpu = exo::sm90::gpu;

constexpr int WG = 2;  // warpgroups per block

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

int failures = 0;

void report(const std::string& name, bool ok, const std::string& note = "") {
  std::printf("%s %s%s\n", ok ? "PASS" : "FAIL", name.c_str(), note.empty() ? "" : ("  (" + note + ")").c_str());
  failures += !ok;
}

bool same_bits(const void* x, const void* y, size_t bytes) { return std::memcmp(x, y, bytes) == 0; }

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

// Elementwise: |got - want| <= 1e-5 * scale (NaN fails).
bool close(const float* got, const float* want, const float* scale, size_t n, double* worst) {
  bool ok = true;
  *worst = 0;
  for (size_t e = 0; e < n; ++e) {
    const double err = std::fabs(double(got[e]) - double(want[e])) / double(scale[e]);
    if (!(err <= 1e-5)) ok = false;
    if (err > *worst || err != err) *worst = err;
  }
  return ok;
}

std::string rel(double worst) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "max error %.2e of the terms' magnitude", worst);
  return buf;
}

std::string shape(const char* type, const char* name, int n, int kk = 0) {
  return std::string("<") + type + "> " + name + " N=" + std::to_string(n) + (kk ? " KK=" + std::to_string(kk) : "");
}

// ------------------------------------------------------------------- kernels
// Thread x of the block is thread x % 128 of warpgroup x / 128; its slots live at
// frag[x * (N / 2) ..]. Fragment arrays are indexed by constants only (unrolled loops),
// so they stay in registers.
template <int N>
__global__ void k_fill(float* out, float v) {
  float d[N / 2];
#pragma unroll
  for (int s = 0; s < N / 2; ++s) d[s] = float(s + 1);
  gpu::wgmma_fill<N>(d, v);
#pragma unroll
  for (int s = 0; s < N / 2; ++s) out[threadIdx.x * (N / 2) + s] = d[s];
}

// The operand offsets of the two issues of k_wgmma, for warpgroup g (both issues
// accumulate into the same d; each warpgroup reads its own rows of a and b, the rows
// overlap between warpgroups, as reads may).
struct Issue {
  int ar, akc, br, bkc;
};
__host__ __device__ Issue issue(int which, int g) {
  if (which == 0) return {5 + 64 * g, 1, 7 + 8 * g, 2};
  return {66 - 64 * g, 0, 1 + 3 * g, 0};
}

// The shared arrays of a wgmma test: a is T[KK/8 + 1][134][8] (rows up to 5 + 64 + 63),
// b is T[KK/8 + 2][N + 16][8] (rows up to 15 + N - 1). exo-cuda declares them as
// __shared__ __align__(16) arrays; here they are views of the dynamic shared memory, as
// the larger ones (N = 256, KK = 64: 62 KB) pass the 48 KB of static shared memory.
template <class T, int N, int KK>
struct Tiles {
  static constexpr int KA = KK / 8 + 1, RA = 134, KB = KK / 8 + 2, RB = N + 16;
  using A = T[KA][RA][8];
  using B = T[KB][RB][8];
  static constexpr size_t a_elems = size_t(KA) * RA * 8, b_elems = size_t(KB) * RB * 8;
  static constexpr size_t bytes = sizeof(A) + sizeof(B);
};

template <class T, int N, int KK>
__global__ void k_wgmma(const T* A, const T* B, float* df) {
  using Tl = Tiles<T, N, KK>;
  extern __shared__ __align__(16) unsigned char smem[];
  auto& a = *reinterpret_cast<typename Tl::A*>(smem);
  auto& b = *reinterpret_cast<typename Tl::B*>(smem + sizeof(typename Tl::A));
  for (size_t e = threadIdx.x; e < Tl::a_elems; e += blockDim.x) (&a[0][0][0])[e] = A[e];
  for (size_t e = threadIdx.x; e < Tl::b_elems; e += blockDim.x) (&b[0][0][0])[e] = B[e];
  __syncthreads();
  const int g = threadIdx.x / 128;
  float d[N / 2];
#pragma unroll
  for (int s = 0; s < N / 2; ++s) d[s] = df[threadIdx.x * (N / 2) + s];
  const Issue i0 = issue(0, g), i1 = issue(1, g);
  gpu::wgmma<N, KK>(d, a, i0.ar, i0.akc, b, i0.br, i0.bkc);
  gpu::wgmma<N, KK>(d, a, i1.ar, i1.akc, b, i1.br, i1.bkc);
#pragma unroll
  for (int s = 0; s < N / 2; ++s) df[threadIdx.x * (N / 2) + s] = d[s];
}

template <class T, int N>
__global__ void k_store(T* C, int ldc, const float* df) {
  float d[N / 2];
#pragma unroll
  for (int s = 0; s < N / 2; ++s) d[s] = df[threadIdx.x * (N / 2) + s];
  const int g = threadIdx.x / 128;
  gpu::wgmma_store<T, N>(C, ldc, 3 + 64 * g, 11, d);
}

// fill + wgmma + store as a GEMM issues them: C (128 x 128, f32) = A (128 x 64) * B^T
// (B: 128 x 64), warpgroup g the rows 64g .. 64g + 63, with static shared arrays in
// the core-matrix layout (as exo-cuda declares them).
constexpr int CM = 128, CN = 128, CK = 64;
template <class T>
__global__ void k_chain(const T* A, const T* B, float* C) {
  __shared__ __align__(16) T As[CK / 8][CM][8];
  __shared__ __align__(16) T Bs[CK / 8][CN][8];
  for (int e = threadIdx.x; e < CM * CK; e += blockDim.x) As[(e % CK) / 8][e / CK][e % 8] = A[e];
  for (int e = threadIdx.x; e < CN * CK; e += blockDim.x) Bs[(e % CK) / 8][e / CK][e % 8] = B[e];
  __syncthreads();
  const int g = threadIdx.x / 128;
  float acc[CN / 2];
  gpu::wgmma_fill<CN>(acc, 0.f);
  gpu::wgmma<CN, CK>(acc, As, 64 * g, 0, Bs, 0, 0);
  gpu::wgmma_store<float, CN>(C, CN, 64 * g, 0, acc);
}

// ---------------------------------------------------------------------- tests
template <int N>
void test_fill() {
  float* d_out;
  CHECK(cudaMalloc(&d_out, WG * 128 * (N / 2) * sizeof(float)));
  const float v = nonzero<float>();
  k_fill<N><<<1, WG * 128>>>(d_out, v);
  std::vector<float> frag(WG * 128 * (N / 2));
  from_device(frag.data(), d_out, frag.size());
  bool ok = true;
  for (int g = 0; g < WG; ++g) {
    auto got = std::make_unique<float[][N]>(64), want = std::make_unique<float[][N]>(64);
    auto& gt = *reinterpret_cast<float(*)[64][N]>(got.get());
    auto& wt = *reinterpret_cast<float(*)[64][N]>(want.get());
    gather(frag.data() + g * 128 * (N / 2), gt);
    randomize(&wt[0][0], 64 * N);
    seq::wgmma_fill(wt, v);
    ok &= same_bits(gt, wt, sizeof gt);
  }
  report("wgmma_fill N=" + std::to_string(N) + " (2 warpgroups)", ok);
  CHECK(cudaFree(d_out));
}

template <class T, int N, int KK>
void test_wgmma(const char* type) {
  using Tl = Tiles<T, N, KK>;
  std::vector<T> A(Tl::a_elems), B(Tl::b_elems);
  randomize(A.data(), A.size());
  randomize(B.data(), B.size());
  const auto& a = *reinterpret_cast<const typename Tl::A*>(A.data());
  const auto& b = *reinterpret_cast<const typename Tl::B*>(B.data());
  std::vector<float> frag(WG * 128 * (N / 2));
  std::vector<float> want(WG * 64 * N), scale(WG * 64 * N), got(WG * 64 * N);
  for (int g = 0; g < WG; ++g) {
    auto& w = *reinterpret_cast<float(*)[64][N]>(&want[g * 64 * N]);
    auto& sc = *reinterpret_cast<float(*)[64][N]>(&scale[g * 64 * N]);
    randomize(&w[0][0], 64 * N);
    scatter(w, frag.data() + g * 128 * (N / 2));
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < N; ++j) sc[i][j] = std::fabs(w[i][j]);
    for (int which = 0; which < 2; ++which) {
      const Issue is = issue(which, g);
      seq::wgmma<N, KK>(w, a, is.ar, is.akc, b, is.br, is.bkc);
      for (int i = 0; i < 64; ++i)
        for (int j = 0; j < N; ++j)
          for (int k = 0; k < KK; ++k)
            sc[i][j] +=
                std::fabs(float(a[is.akc + k / 8][is.ar + i][k % 8]) * float(b[is.bkc + k / 8][is.br + j][k % 8]));
    }
  }
  T* d_a = to_device(A.data(), A.size());
  T* d_b = to_device(B.data(), B.size());
  float* d_d = to_device(frag.data(), frag.size());
  CHECK(cudaFuncSetAttribute(k_wgmma<T, N, KK>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(Tl::bytes)));
  k_wgmma<T, N, KK><<<1, WG * 128, Tl::bytes>>>(d_a, d_b, d_d);
  from_device(frag.data(), d_d, frag.size());
  for (int g = 0; g < WG; ++g)
    gather(frag.data() + g * 128 * (N / 2), *reinterpret_cast<float(*)[64][N]>(&got[g * 64 * N]));
  double worst;
  const bool ok = close(got.data(), want.data(), scale.data(), got.size(), &worst);
  report(shape(type, "wgmma", N, KK) + " (2 warpgroups, 2 issues, nonzero offsets)", ok, rel(worst));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_d));
}

template <class T, int N>
void test_store(const char* type) {
  const int ldc = N + 19, rows = 3 + 64 * WG + 2;
  std::vector<T> got(size_t(rows) * ldc), want;
  randomize(got.data(), got.size());
  want = got;
  std::vector<float> frag(WG * 128 * (N / 2));
  for (int g = 0; g < WG; ++g) {
    auto d = std::make_unique<float[][N]>(64);
    auto& dt = *reinterpret_cast<float(*)[64][N]>(d.get());
    randomize(&dt[0][0], 64 * N);
    dt[0][0] = 1.f + 0x8000p-23f;  // halfway between two bf16 (ties to even) ...
    dt[0][1] = 1.f + 0x1000p-23f;  // ... and between two f16
    dt[9][2] = 1.f + 0x18000p-23f;
    scatter(dt, frag.data() + g * 128 * (N / 2));
    seq::wgmma_store(want.data(), ldc, 3 + 64 * g, 11, dt);
  }
  T* d_c = to_device(got.data(), got.size());
  float* d_d = to_device(frag.data(), frag.size());
  k_store<T, N><<<1, WG * 128>>>(d_c, ldc, d_d);
  from_device(got.data(), d_c, got.size());
  report(shape(type, "wgmma_store", N) + " (2 warpgroups)", same_bits(got.data(), want.data(), got.size() * sizeof(T)));
  CHECK(cudaFree(d_c));
  CHECK(cudaFree(d_d));
}

template <class T>
void test_chain(const char* type) {
  std::vector<T> A(CM * CK), B(CN * CK);
  randomize(A.data(), A.size());
  randomize(B.data(), B.size());
  // The same operands in the core-matrix layout, for the sequential bodies.
  auto as = std::make_unique<T[][CM][8]>(CK / 8);
  auto bs = std::make_unique<T[][CN][8]>(CK / 8);
  for (int e = 0; e < CM * CK; ++e) as[(e % CK) / 8][e / CK][e % 8] = A[e];
  for (int e = 0; e < CN * CK; ++e) bs[(e % CK) / 8][e / CK][e % 8] = B[e];
  const auto& at = *reinterpret_cast<const T(*)[CK / 8][CM][8]>(as.get());
  const auto& bt = *reinterpret_cast<const T(*)[CK / 8][CN][8]>(bs.get());
  std::vector<float> want(CM * CN), scale(CM * CN, 0.f), got(CM * CN);
  for (int g = 0; g < WG; ++g) {
    auto d = std::make_unique<float[][CN]>(64);
    auto& dt = *reinterpret_cast<float(*)[64][CN]>(d.get());
    seq::wgmma_fill(dt, 0.f);
    seq::wgmma<CN, CK>(dt, at, 64 * g, 0, bt, 0, 0);
    seq::wgmma_store(want.data(), CN, 64 * g, 0, dt);
  }
  for (int i = 0; i < CM; ++i)
    for (int j = 0; j < CN; ++j)
      for (int k = 0; k < CK; ++k) scale[i * CN + j] += std::fabs(float(A[i * CK + k]) * float(B[j * CK + k]));
  T* d_a = to_device(A.data(), A.size());
  T* d_b = to_device(B.data(), B.size());
  float* d_c;
  CHECK(cudaMalloc(&d_c, CM * CN * sizeof(float)));
  k_chain<T><<<1, WG * 128>>>(d_a, d_b, d_c);
  from_device(got.data(), d_c, got.size());
  double worst;
  const bool ok = close(got.data(), want.data(), scale.data(), got.size(), &worst);
  report(std::string("<") + type + "> wgmma_fill + wgmma + wgmma_store chain (128x128x64, 2 warpgroups)", ok,
         rel(worst));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
}

template <class T>
void test_wgmma_all(const char* type) {
  test_wgmma<T, 64, 16>(type);
  test_wgmma<T, 64, 64>(type);
  test_wgmma<T, 128, 16>(type);
  test_wgmma<T, 128, 64>(type);
  test_wgmma<T, 256, 16>(type);
  test_wgmma<T, 256, 64>(type);
}

template <class T>
void test_store_all(const char* type) {
  test_store<T, 64>(type);
  test_store<T, 128>(type);
  test_store<T, 256>(type);
}

}  // namespace

int main() {
  test_fill<64>();
  test_fill<128>();
  test_fill<256>();
  test_wgmma_all<bf16>("bf16");
  test_wgmma_all<f16>("f16");
  // Other n of the asm tables (exo/cuda/sm90.cuh): the smallest, one not a multiple of
  // 16, one between the usual ones.
  test_wgmma<bf16, 8, 16>("bf16");
  test_wgmma<f16, 24, 64>("f16");
  test_wgmma<bf16, 200, 16>("bf16");
  test_store_all<float>("float");
  test_store_all<bf16>("bf16");
  test_store_all<f16>("f16");
  test_chain<bf16>("bf16");
  test_chain<f16>("f16");
  std::printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
