// exo/cuda/sm80.cuh — the CUDA forms of the instructions of exo/sm80.hpp (device code).
//
// exo-cuda prints an instruction call `exo::sm80::NAME(args...)` of a kernel as
// `exo::sm80::gpu::NAME(args...)`, with the same arguments, where
//   - a `[[exo::fragment(layout)]]` operand is a pointer to the calling lane's own
//     registers of the fragment, rows * cols / 32 elements in the layout's slot order;
//   - a `[[exo::registers]]` operand is a pointer to the thread's own elements;
//   - a `[[exo::shared]]` operand is the same 2-D shared array (`T (&)[R][C]`);
//   - pointers (global memory) and scalars pass through.
// Each function here does, over the whole warp (or the one thread), exactly what the
// sequential body of the same name in exo/sm80.hpp does to the tile.
//
// Fragment layouts: element (i, j) of the tile, as the sequential body indexes it ->
// (lane, slot), with g = lane / 4 and t = lane % 4 (PTX ISA, "Matrix Fragments for
// mma.m16n8k16 with floating point type", "... for mma.m16n8k8" and "ldmatrix"):
//   m16n8_c    16x8 f32     lane = (i%8)*4 + j/2,      slot = (i/8)*2 + j%2
//   m16k16_a   16x16 b16    lane = (i%8)*4 + (k%8)/2,  slot = (k/8)*4 + (i/8)*2 + k%2
//   n8k16_b    8x16 b16     lane = n*4 + (k%8)/2,      slot = (k/8)*2 + k%2      ([n][k])
//   ldsm_8x8   8x8 b16      lane = i*4 + k/2,          slot = k%2
//   m16k8_tf32 16x8 f32     lane = (i%8)*4 + k%4,      slot = (k/4)*2 + i/8
//   n8k8_tf32  8x8 f32      lane = n*4 + k%4,          slot = k/4                 ([n][k])
// A 16-bit fragment's slots 2r and 2r+1 are the low and high halves of the instruction's
// 32-bit register r.
//
// The test of these against the sequential bodies on a GPU: tests/gpu/test_sm80_instrs.cu.
#ifndef EXO_CUDA_SM80_CUH
#define EXO_CUDA_SM80_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "exo/sm80.hpp's instructions need sm_80 or later (mma.sync m16n8k16, cvt.rna.tf32)"
#endif

namespace exo {
namespace sm80 {
namespace gpu {

namespace detail {

__device__ __forceinline__ unsigned lane_id() {
  unsigned l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  return l;
}

// The shared-window address of an element (ldmatrix takes a .shared address).
template <class T>
__device__ __forceinline__ unsigned smem_addr(const T* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

template <class T>
__device__ __forceinline__ std::uint16_t bits16(T x) {
  static_assert(sizeof(T) == 2, "a 16-bit element type");
  std::uint16_t u;
  __builtin_memcpy(&u, &x, 2);
  return u;
}

template <class T>
__device__ __forceinline__ T from_bits16(std::uint16_t u) {
  static_assert(sizeof(T) == 2, "a 16-bit element type");
  T x;
  __builtin_memcpy(&x, &u, 2);
  return x;
}

// Slots 2r, 2r+1 <-> 32-bit register r (the lower index in the low half, as mma.sync and
// ldmatrix order the two 16-bit elements of a .b32 register).
template <class T>
__device__ __forceinline__ std::uint32_t pack2(const T* p) {
  return static_cast<std::uint32_t>(bits16(p[0])) | (static_cast<std::uint32_t>(bits16(p[1])) << 16);
}

template <class T>
__device__ __forceinline__ void unpack2(T* p, std::uint32_t r) {
  p[0] = from_bits16<T>(static_cast<std::uint16_t>(r & 0xffffu));
  p[1] = from_bits16<T>(static_cast<std::uint16_t>(r >> 16));
}

__device__ __forceinline__ std::uint32_t to_tf32_bits(float f) {
  std::uint32_t r;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(f));
  return r;
}

template <class T>
__device__ __forceinline__ T from_float(float f) {
  if constexpr (std::is_same_v<T, float>) {
    return f;
  } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    return __float2bfloat16_rn(f);
  } else {
    static_assert(std::is_same_v<T, __half>, "store_m16n8 stores float, __nv_bfloat16 or __half");
    return __float2half_rn(f);
  }
}

}  // namespace detail

// ------------------------------------------------------------------ fragments
__device__ __forceinline__ void fill_m16n8(float* d, float v) {
  d[0] = v;
  d[1] = v;
  d[2] = v;
  d[3] = v;
}

// ------------------------------------------------------------------- ldmatrix
// ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16 (PTX ISA, "ldmatrix"): lanes
// 8m .. 8m+7 give the addresses of rows 0..7 of matrix m (x1: lanes 0-7 only, x2: 0-15;
// the other lanes' addresses are ignored, we give valid ones anyway); destination
// register m of lane l receives elements 2*(l%4), 2*(l%4)+1 of row l/4 of matrix m
// (with .trans: of column l/4, i.e. rows 2*(l%4), 2*(l%4)+1 of the matrix in memory).
//
// Which 8x8 block is matrix m, so that register m is the layout's slots 2m, 2m+1:
//   x4 (m16k16_a): slot pair m holds rows (m%2)*8.., k (m/2)*8..
//                  plain: rows r0 + (m%2)*8 + l%8, column c0 + (m/2)*8
//                  trans: dst[i][k] = src[r0+k][c0+i]: rows r0 + (m/2)*8 + l%8, column c0 + (m%2)*8
//   x2 (n8k16_b):  slot pair m holds k m*8..
//                  plain: rows r0 + l%8, column c0 + m*8;  trans: rows r0 + m*8 + l%8, column c0
//   x1 (ldsm_8x8): rows r0 + l%8, column c0 (plain and trans)
// The "memory" clobber keeps the shared reads after the calling thread's own earlier
// shared stores (barriers order the other threads').
template <class T, int R, int C>
__device__ __forceinline__ void ldmatrix_x1(T* dst, const T (&src)[R][C], int r0, int c0) {
  const unsigned l = detail::lane_id();
  const unsigned a = detail::smem_addr(&src[r0 + (l & 7)][c0]);
  std::uint32_t x;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(x) : "r"(a) : "memory");
  detail::unpack2(dst, x);
}

template <class T, int R, int C>
__device__ __forceinline__ void ldmatrix_x2(T* dst, const T (&src)[R][C], int r0, int c0) {
  const unsigned l = detail::lane_id();
  const unsigned m = (l >> 3) & 1;
  const unsigned a = detail::smem_addr(&src[r0 + (l & 7)][c0 + m * 8]);
  std::uint32_t x0, x1;
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(x0), "=r"(x1) : "r"(a) : "memory");
  detail::unpack2(dst, x0);
  detail::unpack2(dst + 2, x1);
}

template <class T, int R, int C>
__device__ __forceinline__ void ldmatrix_x4(T* dst, const T (&src)[R][C], int r0, int c0) {
  const unsigned l = detail::lane_id();
  const unsigned m = l >> 3;
  const unsigned a = detail::smem_addr(&src[r0 + (m & 1) * 8 + (l & 7)][c0 + (m >> 1) * 8]);
  std::uint32_t x0, x1, x2, x3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(x0), "=r"(x1), "=r"(x2), "=r"(x3)
               : "r"(a)
               : "memory");
  detail::unpack2(dst, x0);
  detail::unpack2(dst + 2, x1);
  detail::unpack2(dst + 4, x2);
  detail::unpack2(dst + 6, x3);
}

template <class T, int R, int C>
__device__ __forceinline__ void ldmatrix_x1_trans(T* dst, const T (&src)[R][C], int r0, int c0) {
  const unsigned l = detail::lane_id();
  const unsigned a = detail::smem_addr(&src[r0 + (l & 7)][c0]);
  std::uint32_t x;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(x) : "r"(a) : "memory");
  detail::unpack2(dst, x);
}

template <class T, int R, int C>
__device__ __forceinline__ void ldmatrix_x2_trans(T* dst, const T (&src)[R][C], int r0, int c0) {
  const unsigned l = detail::lane_id();
  const unsigned m = (l >> 3) & 1;
  const unsigned a = detail::smem_addr(&src[r0 + m * 8 + (l & 7)][c0]);
  std::uint32_t x0, x1;
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(x0), "=r"(x1)
               : "r"(a)
               : "memory");
  detail::unpack2(dst, x0);
  detail::unpack2(dst + 2, x1);
}

template <class T, int R, int C>
__device__ __forceinline__ void ldmatrix_x4_trans(T* dst, const T (&src)[R][C], int r0, int c0) {
  const unsigned l = detail::lane_id();
  const unsigned m = l >> 3;
  const unsigned a = detail::smem_addr(&src[r0 + (m >> 1) * 8 + (l & 7)][c0 + (m & 1) * 8]);
  std::uint32_t x0, x1, x2, x3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(x0), "=r"(x1), "=r"(x2), "=r"(x3)
               : "r"(a)
               : "memory");
  detail::unpack2(dst, x0);
  detail::unpack2(dst + 2, x1);
  detail::unpack2(dst + 4, x2);
  detail::unpack2(dst + 6, x3);
}

// ------------------------------------------------------------------- mma.sync
// d (m16n8_c) += a (m16k16_a) * b (n8k16_b)^T. Registers: a{0..3} = slots {0,1}..{6,7}
// of a, b{0,1} = slots {0,1},{2,3} of b (PTX ISA, mma.m16n8k16 fragments).
template <class T>
__device__ __forceinline__ void mma_m16n8k16(float* d, const T* a, const T* b) {
  const std::uint32_t a0 = detail::pack2(a), a1 = detail::pack2(a + 2), a2 = detail::pack2(a + 4),
                      a3 = detail::pack2(a + 6);
  const std::uint32_t b0 = detail::pack2(b), b1 = detail::pack2(b + 2);
  if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%0, %1, %2, %3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  } else {
    static_assert(std::is_same_v<T, __half>, "mma_m16n8k16 multiplies __nv_bfloat16 or __half");
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%0, %1, %2, %3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
}

// d (m16n8_c) += tf32(a) (m16k8_tf32) * tf32(b)^T (n8k8_tf32); each operand rounded with
// cvt.rna.tf32.f32 as exo::to_tf32 does.
__device__ __forceinline__ void mma_m16n8k8_tf32(float* d, const float* a, const float* b) {
  const std::uint32_t a0 = detail::to_tf32_bits(a[0]), a1 = detail::to_tf32_bits(a[1]),
                      a2 = detail::to_tf32_bits(a[2]), a3 = detail::to_tf32_bits(a[3]);
  const std::uint32_t b0 = detail::to_tf32_bits(b[0]), b1 = detail::to_tf32_bits(b[1]);
  asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

// tf32 operand fragments: plain per-lane loads. A: slot s = (k/4)*2 + i/8 holds row
// g + 8*(s%2), column t + 4*(s/2); B: slot s holds row (n) g, column (k) t + 4*s.
template <int R, int C>
__device__ __forceinline__ void load_tf32_a(float* dst, const float (&src)[R][C], int r0, int c0) {
  const int l = static_cast<int>(detail::lane_id()), g = l >> 2, t = l & 3;
  dst[0] = src[r0 + g][c0 + t];
  dst[1] = src[r0 + g + 8][c0 + t];
  dst[2] = src[r0 + g][c0 + t + 4];
  dst[3] = src[r0 + g + 8][c0 + t + 4];
}

template <int R, int C>
__device__ __forceinline__ void load_tf32_b(float* dst, const float (&src)[R][C], int r0, int c0) {
  const int l = static_cast<int>(detail::lane_id()), g = l >> 2, t = l & 3;
  dst[0] = src[r0 + g][c0 + t];
  dst[1] = src[r0 + g][c0 + t + 4];
}

// C[(r0 + i) * ldc + c0 + j] = T(d[i][j]): slot s holds row g + 8*(s/2), column 2t + s%2.
template <class T>
__device__ __forceinline__ void store_m16n8(T* C, int ldc, int r0, int c0, const float* d) {
  const int l = static_cast<int>(detail::lane_id()), g = l >> 2, t = l & 3;
  T* p = C + (r0 + g) * ldc + c0 + 2 * t;
  T* q = C + (r0 + g + 8) * ldc + c0 + 2 * t;
  p[0] = detail::from_float<T>(d[0]);
  p[1] = detail::from_float<T>(d[1]);
  q[0] = detail::from_float<T>(d[2]);
  q[1] = detail::from_float<T>(d[3]);
}

// ------------------------------------------------------------ 16-byte copies
// One thread: 8 16-bit elements, one 16-byte access each side (alignment proven by
// exo-cuda from the bodies' exo::aligned).
template <class T, int R, int C>
__device__ __forceinline__ void copy16(T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2, "copy16 copies 8 16-bit elements");
  *reinterpret_cast<uint4*>(&dst[r][c]) = *reinterpret_cast<const uint4*>(src + off);
}

// cp.async: global -> shared, 16 bytes, asynchronously (PTX ISA, "cp.async"; .cg caches
// in L2 only, the form for 16-byte copies). The thread's copies since its last
// commit_group form one group; wait_group N returns when at most N groups are pending.
template <class T, int R, int C>
__device__ __forceinline__ void cp_async16(T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2, "cp_async16 copies 8 16-bit elements");
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(&dst[r][c]));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(src + off) : "memory");
}

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }

template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
  // The copies are generic-proxy writes: a proxy fence by the writing thread, before the
  // barrier that orders them with the readers, lets wgmma (the async proxy) read them.
#if __CUDA_ARCH__ >= 900
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
#endif
}

// Global -> the thread's registers. dst is a local array of 2-byte alignment: load one
// uint4 and unpack it element by element (no 16-byte access to dst), so it stays in
// registers.
template <class T>
__device__ __forceinline__ void load16(T* dst, const T* src, int off) {
  static_assert(sizeof(T) == 2, "load16 loads 8 16-bit elements");
  const uint4 v = *reinterpret_cast<const uint4*>(src + off);
  detail::unpack2(dst, v.x);
  detail::unpack2(dst + 2, v.y);
  detail::unpack2(dst + 4, v.z);
  detail::unpack2(dst + 6, v.w);
}

// The thread's registers -> shared: pack the 8 elements, one 16-byte store.
template <class T, int R, int C>
__device__ __forceinline__ void store16(T (&dst)[R][C], int r, int c, const T* src) {
  static_assert(sizeof(T) == 2, "store16 stores 8 16-bit elements");
  uint4 v;
  v.x = detail::pack2(src);
  v.y = detail::pack2(src + 2);
  v.z = detail::pack2(src + 4);
  v.w = detail::pack2(src + 6);
  *reinterpret_cast<uint4*>(&dst[r][c]) = v;
}

}  // namespace gpu
}  // namespace sm80
}  // namespace exo

#endif  // EXO_CUDA_SM80_CUH
