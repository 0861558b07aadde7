// exo/cuda/sm90_async.cuh on a GPU: TMA (128-byte swizzle, zero fill), mbarrier
// (expect_tx, parity waits, a full/empty ring), asynchronous wgmma from swizzled K-major
// shared tiles, setmaxnreg in a warp-specialized kernel. C = A B^T with A (M x K) and B
// (N x K) row-major bf16, C f32, against a CPU reference (double sums of the same bf16
// values): ||out - ref|| / ||ref|| <= 1e-2 over the valid region, no NaN (the output is
// poisoned with NaN bytes before every launch). One PASS / FAIL row per case; exit status
// 1 on any failure.
//
// Cases:
//   single<N>  one block, 2 warpgroups (each one m64 half of the 128 rows): thread 0 TMA-
//              loads a 128x64 A box and an Nx64 B box on one mbarrier (expect_tx = both
//              boxes), every thread waits on parity 0, each warpgroup issues the 4 k16
//              steps asynchronously (step 0 with scale-d = 0 over NaN-filled accumulators,
//              so that path is checked too), commit, wait<0>, store the whole 128 x N box.
//              The raw A tile in shared memory is also dumped and checked byte for byte
//              against the swizzle formula sw128_offset_bf16.
//              N = 128 and 256 on exact shapes (M = 128, N, K = 64), and a ragged one:
//              M = 100, N = 200 (box 256), K = 40 (box 64): rows, columns and K beyond the
//              tensor come back as zeros (the padded output region must be exactly 0) and
//              the full-box expect_tx still completes.
//   pipe       grid of 128 x 256 tiles, 384 threads: warpgroup 0 is the producer
//              (setmaxnreg.dec 40; one thread issues the TMA loads), warpgroups 1 and 2 the
//              consumers (setmaxnreg.inc 232; m64 x n256 each, 128 f32 accumulators a
//              thread), a ring of 4 stages (48 KB each) with full (1 arrival + tx) and
//              empty (8 arrivals: lane 0 of each consumer warp) barriers; consumers keep
//              one wgmma-group in flight (wait<1>) and release the previous stage.
//              K = 512 (8 k-blocks: the ring wraps twice, both parities), shapes
//              256 x 512 x 512 and the ragged 200 x 448 x 488.
//
// Needs sm_90a (wgmma, setmaxnreg). Build and run (from the repository root):
//   mkdir -p build-gpu && nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a \
//     -I annotations/include tests/gpu/test_sm90_async.cu -o build-gpu/test_sm90_async
//   ./build-gpu/test_sm90_async            # all cases
//   ./build-gpu/test_sm90_async small      # the single-block cases only (for racecheck)
//   compute-sanitizer --tool memcheck ./build-gpu/test_sm90_async
// No -lcuda: cuTensorMapEncodeTiled comes through the runtime's driver entry point.
#include <exo/cuda/sm90_async.cuh>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
namespace gpu = exo::sm90::gpu;

constexpr int BM = 128;  // rows of an A box
constexpr int BK = 64;   // columns of a box: one 128-byte swizzle row of bf16

__device__ __forceinline__ std::uint8_t* align1024(std::uint8_t* p) {
  return reinterpret_cast<std::uint8_t*>((reinterpret_cast<std::uintptr_t>(p) + 1023) & ~std::uintptr_t(1023));
}

// ------------------------------------------------------------- single stage
template <int N>
__global__ void __launch_bounds__(256, 1)
    k_single(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b, float* C,
             std::uint8_t* dump_a) {
  extern __shared__ std::uint8_t smem_raw[];
  __shared__ alignas(8) std::uint64_t bar;
  std::uint8_t* smem = align1024(smem_raw);
  std::uint8_t* sA = smem;                // 128 x 64 bf16, 16 KB
  std::uint8_t* sB = smem + BM * BK * 2;  // N x 64 bf16 (16 KB is a multiple of 1024)
  const int tid = threadIdx.x;

  if (tid == 0) {
    gpu::mbarrier_init(&bar, 1);
    gpu::mbarrier_init_fence();
  }
  __syncthreads();
  if (tid == 0) {
    gpu::prefetch_tensormap(&map_a);
    gpu::prefetch_tensormap(&map_b);
    gpu::mbarrier_arrive_expect_tx(&bar, (BM + N) * BK * 2);
    gpu::tma_load_2d(sA, &map_a, 0, 0, &bar);
    gpu::tma_load_2d(sB, &map_b, 0, 0, &bar);
  }
  gpu::mbarrier_wait(&bar, 0);

  for (int i = tid; i < BM * BK * 2 / 16; i += blockDim.x)
    reinterpret_cast<uint4*>(dump_a)[i] = reinterpret_cast<const uint4*>(sA)[i];

  const int wg = tid / 128;
  float d[N / 2];
#pragma unroll
  for (int s = 0; s < N / 2; ++s) d[s] = __int_as_float(0x7fc00000);  // NaN: step 0 must not read it
  gpu::wgmma_fence_operand<N>(d);
  gpu::wgmma_fence();
  const std::uint64_t da = gpu::sw128_desc(sA), db = gpu::sw128_desc(sB);
#pragma unroll
  for (int ks = 0; ks < BK / 16; ++ks)
    gpu::wgmma_bf16_ss<N>(d, gpu::sw128_desc_at(da, 64 * wg, ks), gpu::sw128_desc_at(db, 0, ks), ks > 0);
  gpu::wgmma_commit();
  gpu::wgmma_wait<0>();
  gpu::wgmma_fence_operand<N>(d);
  gpu::wgmma_store<float, N>(C, N, 64 * wg, 0, d);
}

// --------------------------------------------------------------- pipelined
constexpr int PN = 256;
constexpr int STAGES = 4;
constexpr int A_BYTES = BM * BK * 2;               // 16 KB
constexpr int B_BYTES = PN * BK * 2;               // 32 KB
constexpr int STAGE_BYTES = A_BYTES + B_BYTES;     // 48 KB, a multiple of 1024
constexpr int PIPE_SMEM = STAGES * STAGE_BYTES + 1024;
constexpr unsigned CONSUMER_WARPS = 8;             // empty-barrier arrivals per phase

__global__ void __launch_bounds__(384, 1)
    k_pipe(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b, float* C, int M,
           int N, int K) {
  extern __shared__ std::uint8_t smem_raw[];
  __shared__ alignas(8) std::uint64_t full[STAGES], empty[STAGES];
  std::uint8_t* smem = align1024(smem_raw);
  const int tid = threadIdx.x, wg = tid / 128;
  const int kblocks = (K + BK - 1) / BK;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * PN;

  if (tid == 0) {
    for (int s = 0; s < STAGES; ++s) {
      gpu::mbarrier_init(&full[s], 1);
      gpu::mbarrier_init(&empty[s], CONSUMER_WARPS);
    }
    gpu::mbarrier_init_fence();
  }
  __syncthreads();

  if (wg == 0) {
    // Producer warpgroup: give registers back, one thread drives the ring.
    gpu::setmaxnreg_dec<40>();
    if (tid == 0) {
      gpu::prefetch_tensormap(&map_a);
      gpu::prefetch_tensormap(&map_b);
      for (int kb = 0; kb < kblocks; ++kb) {
        const int s = kb % STAGES;
        const unsigned ph = (kb / STAGES) & 1;
        gpu::mbarrier_wait(&empty[s], ph ^ 1);  // first round: the "preceding phase", passes at once
        gpu::mbarrier_arrive_expect_tx(&full[s], STAGE_BYTES);
        std::uint8_t* st = smem + s * STAGE_BYTES;
        gpu::tma_load_2d(st, &map_a, kb * BK, m0, &full[s]);
        gpu::tma_load_2d(st + A_BYTES, &map_b, kb * BK, n0, &full[s]);
      }
    }
  } else {
    gpu::setmaxnreg_inc<232>();
    const int cw = wg - 1;  // rows m0 + 64 cw .. + 63
    const unsigned lane = gpu::detail::lane_id();
    float d[PN / 2];
    gpu::wgmma_fill<PN>(d, 0.f);
    gpu::wgmma_fence_operand<PN>(d);
    for (int kb = 0; kb < kblocks; ++kb) {
      const int s = kb % STAGES;
      gpu::mbarrier_wait(&full[s], (kb / STAGES) & 1);
      gpu::wgmma_fence();
      std::uint8_t* st = smem + s * STAGE_BYTES;
      const std::uint64_t da = gpu::sw128_desc(st), db = gpu::sw128_desc(st + A_BYTES);
#pragma unroll
      for (int ks = 0; ks < BK / 16; ++ks)
        gpu::wgmma_bf16_ss<PN>(d, gpu::sw128_desc_at(da, 64 * cw, ks), gpu::sw128_desc_at(db, 0, ks), true);
      gpu::wgmma_commit();
      // The group of kb - 1 is done (this warp's part; the barrier needs all 8 warps):
      // its stage may be refilled.
      gpu::wgmma_wait<1>();
      if (kb > 0 && lane == 0) gpu::mbarrier_arrive(&empty[(kb - 1) % STAGES]);
    }
    gpu::wgmma_wait<0>();
    gpu::wgmma_fence_operand<PN>(d);

    // Guarded store (wgmma_c layout, exo/cuda/sm90.cuh).
    const int w = (tid >> 5) & 3;
    const int r_base = m0 + 64 * cw + 16 * w + static_cast<int>(lane >> 2);
    const int c_base = n0 + 2 * static_cast<int>(lane & 3);
#pragma unroll
    for (int s = 0; s < PN / 2; ++s) {
      const int r = r_base + 8 * ((s >> 1) & 1), c = c_base + 8 * (s >> 2) + (s & 1);
      if (r < M && c < N) C[static_cast<long>(r) * N + c] = d[s];
    }
  }
}

// ------------------------------------------------------------------- host
int failures = 0;

void report(bool ok, const std::string& name, const std::string& note) {
  std::printf("%s %s  (%s)\n", ok ? "PASS" : "FAIL", name.c_str(), note.c_str());
  if (!ok) ++failures;
}

std::vector<bf16> random_bf16(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  std::vector<bf16> v(n);
  for (auto& x : v) {
    float f = u(rng);
    if (std::fabs(f) < 1e-3f) f = 0.5f;  // no zeros
    x = __float2bfloat16_rn(f);
  }
  return v;
}

// ref[m][n] = sum_k A[m][k] B[n][k]
std::vector<double> reference(const std::vector<bf16>& A, const std::vector<bf16>& B, int M, int N, int K) {
  std::vector<float> a(A.size()), b(B.size());
  for (std::size_t i = 0; i < A.size(); ++i) a[i] = __bfloat162float(A[i]);
  for (std::size_t i = 0; i < B.size(); ++i) b[i] = __bfloat162float(B[i]);
  std::vector<double> r(static_cast<std::size_t>(M) * N);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += double(a[std::size_t(m) * K + k]) * double(b[std::size_t(n) * K + k]);
      r[std::size_t(m) * N + n] = s;
    }
  return r;
}

CUtensorMap tensor_map(const __nv_bfloat16* base, int rows, int cols, int box_rows) {
  CUtensorMap map;
  const CUresult r = exo::sm90::host::make_tensor_map_2d(&map, base, rows, cols, std::uint64_t(cols) * 2, box_rows, BK,
                                                         /*swizzle128=*/true);
  if (r != CUDA_SUCCESS) {
    std::fprintf(stderr, "make_tensor_map_2d(rows %d, cols %d, box %d x %d): CUresult %d\n", rows, cols, box_rows, BK,
                 int(r));
    std::exit(2);
  }
  return map;
}

template <class T>
T* to_device(const std::vector<T>& h) {
  T* d = nullptr;
  CHECK(cudaMalloc(&d, h.size() * sizeof(T)));
  CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

std::string fmt(const char* f, double a, double b) {
  char buf[160];
  std::snprintf(buf, sizeof buf, f, a, b);
  return buf;
}

// C = A B^T on one block; NB = N box (template), M <= 128, N <= NB, K <= 64.
template <int NB>
void run_single(int M, int N, int K, std::mt19937& rng) {
  const std::string name = "single<" + std::to_string(NB) + "> M=" + std::to_string(M) + " N=" + std::to_string(N) +
                           " K=" + std::to_string(K);
  const auto A = random_bf16(std::size_t(M) * K, rng), B = random_bf16(std::size_t(N) * K, rng);
  bf16 *dA = to_device(A), *dB = to_device(B);
  const CUtensorMap ma = tensor_map(dA, M, K, BM), mb = tensor_map(dB, N, K, NB);
  float* dC;
  std::uint8_t* dDump;
  CHECK(cudaMalloc(&dC, sizeof(float) * BM * NB));
  CHECK(cudaMalloc(&dDump, BM * BK * 2));
  CHECK(cudaMemset(dC, 0xFF, sizeof(float) * BM * NB));  // NaN
  CHECK(cudaMemset(dDump, 0xFF, BM * BK * 2));
  const int smem = (BM + NB) * BK * 2 + 1024;
  CHECK(cudaFuncSetAttribute(k_single<NB>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  k_single<NB><<<1, 256, smem>>>(ma, mb, dC, dDump);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<float> C(std::size_t(BM) * NB);
  std::vector<std::uint8_t> dump(BM * BK * 2);
  CHECK(cudaMemcpy(C.data(), dC, C.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(dump.data(), dDump, dump.size(), cudaMemcpyDeviceToHost));

  // The swizzled tile, byte for byte: element (r, c) at sw128_offset_bf16(r, c); zero
  // outside the tensor.
  long bad_swz = 0;
  for (int r = 0; r < BM; ++r)
    for (int c = 0; c < BK; ++c) {
      std::uint16_t want = 0, got;
      if (r < M && c < K) std::memcpy(&want, &A[std::size_t(r) * K + c], 2);
      std::memcpy(&got, &dump[gpu::sw128_offset_bf16(r, c)], 2);
      bad_swz += want != got;
    }
  report(bad_swz == 0, name + " swizzle-128B layout of the TMA tile", std::to_string(bad_swz) + " of 8192 elements differ");

  const auto ref = reference(A, B, M, N, K);
  double num = 0, den = 0, maxerr = 0;
  long bad_pad = 0;
  for (int r = 0; r < BM; ++r)
    for (int c = 0; c < NB; ++c) {
      const float o = C[std::size_t(r) * NB + c];
      if (r < M && c < N) {
        const double e = double(o) - ref[std::size_t(r) * N + c];
        num += e * e;
        den += ref[std::size_t(r) * N + c] * ref[std::size_t(r) * N + c];
        maxerr = std::fmax(maxerr, std::fabs(e));
        if (std::isnan(o)) num = NAN;
      } else {
        bad_pad += o != 0.f;  // zero-filled A rows / B rows give exact zeros
      }
    }
  const double rel = std::sqrt(num / den);
  report(rel <= 1e-2, name + " C = A B^T", fmt("rel err %.3g, max abs err %.3g", rel, maxerr));
  if (M < BM || N < NB)
    report(bad_pad == 0, name + " OOB zero fill", std::to_string(bad_pad) + " nonzero outside the tensor");
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dC));
  CHECK(cudaFree(dDump));
}

void run_pipe(int M, int N, int K, std::mt19937& rng) {
  const std::string name =
      "pipe M=" + std::to_string(M) + " N=" + std::to_string(N) + " K=" + std::to_string(K);
  const auto A = random_bf16(std::size_t(M) * K, rng), B = random_bf16(std::size_t(N) * K, rng);
  bf16 *dA = to_device(A), *dB = to_device(B);
  const CUtensorMap ma = tensor_map(dA, M, K, BM), mb = tensor_map(dB, N, K, PN);
  float* dC;
  CHECK(cudaMalloc(&dC, sizeof(float) * M * N));
  CHECK(cudaMemset(dC, 0xFF, sizeof(float) * M * N));
  CHECK(cudaFuncSetAttribute(k_pipe, cudaFuncAttributeMaxDynamicSharedMemorySize, PIPE_SMEM));
  const dim3 grid((N + PN - 1) / PN, (M + BM - 1) / BM);
  k_pipe<<<grid, 384, PIPE_SMEM>>>(ma, mb, dC, M, N, K);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<float> C(std::size_t(M) * N);
  CHECK(cudaMemcpy(C.data(), dC, C.size() * sizeof(float), cudaMemcpyDeviceToHost));
  const auto ref = reference(A, B, M, N, K);
  double num = 0, den = 0, maxerr = 0;
  long nans = 0;
  for (std::size_t i = 0; i < C.size(); ++i) {
    const double e = double(C[i]) - ref[i];
    nans += std::isnan(C[i]);
    num += e * e;
    den += ref[i] * ref[i];
    maxerr = std::fmax(maxerr, std::fabs(e));
  }
  const double rel = std::sqrt(num / den);
  report(nans == 0 && rel <= 1e-2, name + " (4 stages, producer + 2 consumer WGs)",
         fmt("rel err %.3g, max abs err %.3g", rel, maxerr) + ", " + std::to_string(nans) + " NaN");
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dC));
}

}  // namespace

int main(int argc, char** argv) {
  const bool small = argc > 1 && std::strcmp(argv[1], "small") == 0;
  std::mt19937 rng(12345);
  run_single<128>(128, 128, 64, rng);
  run_single<256>(128, 256, 64, rng);
  run_single<256>(100, 200, 40, rng);
  if (!small) {
    run_pipe(256, 512, 512, rng);
    run_pipe(200, 448, 488, rng);
  }
  std::printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
