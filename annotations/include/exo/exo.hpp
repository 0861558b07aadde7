// exo/exo.hpp — the exo-cuda language for the sequential (CPU) build.
//
// A kernel source includes this header and is an ordinary C++17 program: with the
// `[[exo::...]]` annotations ignored it runs sequentially on the CPU, and that run is
// the specification the parallel CUDA must reproduce. exo-cuda reads the same file,
// proves the parallel reading equivalent, and rewrites it into CUDA.
//
// Annotations (see README.md, "Language reference"):
//   [[exo::kernel]]                       on a function: a GPU kernel + host launcher
//   [[exo::parallel(block|warpgroup|warp|thread)]] for (...)   parallel loop
//   [[exo::shared]] T a[..];              block-scope array in shared memory
//   [[exo::registers]] T a[..];           block-scope array distributed over threads
//   [[exo::sync(block|warpgroup|warp)]];  barrier (a no-op when read sequentially)
//   exo::assume(cond);                    precondition (assert on the CPU)
//   exo::extent(A, M, K);                 A is an M x K global array (bounds are proven)
//   exo::l2_policy(B, exo::l2::evict_first);  an L2 cache hint on B's TMA loads
//   exo::bf16, exo::f16                   16-bit float storage types (tensor-core operands)
// Instructions (tensor cores, vector copies) live in exo/sm80.hpp.
#ifndef EXO_EXO_HPP
#define EXO_EXO_HPP

// The annotations are unknown to ordinary compilers; silence exactly that warning so
// the sequential build is warning-free. This intentionally stays in effect for the
// rest of the translation unit (the kernel source that includes us).
#if defined(__NVCC__)
#pragma nv_diag_suppress 2803
#endif
#if defined(__clang__)
#if !defined(__EXO_CUDA__)  // exo-cuda itself turns `[[exo::typo]]` into an error
#pragma clang diagnostic ignored "-Wunknown-attributes"
#endif
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wattributes"
#endif

#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace exo {

// A precondition of the kernel. Sequentially: checked like assert (kept in release
// builds too, since a violated precondition makes the reference meaningless).
// On the GPU: checked by the host launcher, which returns cudaErrorInvalidValue.
// For the prover: a fact that holds for every size it proves.
inline void assume(bool cond) {
  if (!cond) {
    assert(cond && "exo::assume failed");
    __builtin_trap();
  }
}

// The shape of a global array the kernel reads or writes: `exo::extent(A, M, K);` says
// A points at M * K elements (row-major M x K). At the top of the kernel, next to the
// assumes, over scalar parameters and constants. Sequentially: nothing to do. For the
// prover: every access to A must stay inside, for every size the assumes allow.
template <class T, class... Extents>
inline void extent(const T* /*array*/, Extents... /*extents*/) {}

// How L2 keeps a global array that TMA copies read: `exo::l2_policy(B, exo::l2::evict_first);`
// at the top of the kernel, next to the assumes, once per array. Every TMA load of B
// (tma_load*, their multicast forms) then carries an L2 cache hint (PTX createpolicy and
// .L2::cache_hint):
//   evict_first  its lines leave L2 before others: an operand streamed once (B of a GEMM
//                with few rows, 128 x 8192 x 8192), which would otherwise push out data
//                that is read again;
//   evict_last   its lines stay in L2 longest: a small operand that every block reads.
// A hint only: sequentially nothing; for the prover nothing (it never changes a result);
// other accesses to the array (plain loads, TMA stores) are not hinted.
enum class l2 { evict_first, evict_last };
template <class T>
inline void l2_policy(const T* /*array*/, l2 /*how*/) {}

// The order in which the blocks of a kernel's 2-D grid start (or a persistent kernel's
// blocks walk its tiles): `exo::tile_order(exo::order::grouped_rows, 8);` at the top of
// the kernel, next to the assumes. The two block loops are the grid's rows (the outer
// loop) and columns (the inner one):
//   row_major       a row after the other (the inner loop's iterations fastest);
//   column_major    a column after the other;
//   grouped_rows    groups of `group` rows, each group column by column (blocks running at
//                   once share a few panels of A and of B in L2); the default of
//                   tensor-core kernels, with groups of 8;
//   grouped_columns groups of `group` columns, each group row by row.
// Sequentially: nothing (the loops run in their order). Blocks are independent (the
// prover proves that no two write one element), so the order never changes the result.
enum class order { row_major, column_major, grouped_rows, grouped_columns };
inline void tile_order(order /*how*/, int /*group*/ = 1) {}

// Inside an instruction's sequential body (exo/sm80.hpp): the address of `element` is a
// multiple of `bytes`. Sequentially: nothing to do. For the prover: proven at every
// issue of the instruction (shared arrays from their offsets, global arrays from the
// index; the launcher checks the pointer's own alignment).
template <class T>
inline void aligned(const T& /*element*/, int /*bytes*/) {}

// Inside an instruction's sequential body: a precondition of the instruction on its
// operands (`exo::expects(0 <= c0 && c0 + W <= ld);`), what its CUDA form needs but its
// meaning cannot say by its accesses alone. Sequentially: checked like exo::assume. For
// the prover: proven at every call, for every size the assumes allow (err_instr_expects,
// with a witness).
inline void expects(bool cond) {
  if (!cond) {
    assert(cond && "exo::expects failed");
    __builtin_trap();
  }
}

// ---------------------------------------------------------------- 16-bit floats
// exo::bf16 and exo::f16: storage types of tensor-core operands. On the GPU they are
// CUDA's own __nv_bfloat16 / __half; sequentially they are a 16-bit value converted
// from float with round-to-nearest-even (what __float2bfloat16 / __float2half do) and
// widened to float exactly. Kernels copy them and convert them to and from float.
#if defined(__CUDACC__)
}  // namespace exo
#include <cuda_bf16.h>
#include <cuda_fp16.h>
namespace exo {
using bf16 = __nv_bfloat16;
using f16 = __half;
#else
namespace detail {
inline std::uint32_t float_bits(float f) {
  std::uint32_t u;
  __builtin_memcpy(&u, &f, sizeof u);
  return u;
}
inline float bits_float(std::uint32_t u) {
  float f;
  __builtin_memcpy(&f, &u, sizeof f);
  return f;
}
}  // namespace detail

struct bf16 {
  std::uint16_t bits;
  bf16() = default;
  bf16(float f) : bits(round(f)) {}  // NOLINT: implicit, like __nv_bfloat16
  operator float() const { return detail::bits_float(static_cast<std::uint32_t>(bits) << 16); }
  // The upper half of the float, rounded to nearest even (NaN stays a quiet NaN).
  static std::uint16_t round(float f) {
    std::uint32_t u = detail::float_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((u >> 16) | 0x40u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return static_cast<std::uint16_t>(u >> 16);
  }
};

struct f16 {
  std::uint16_t bits;
  f16() = default;
  f16(float f) : bits(round(f)) {}  // NOLINT: implicit, like __half
  operator float() const {
    std::uint32_t sign = (bits & 0x8000u) << 16, exp = (bits >> 10) & 0x1fu, man = bits & 0x3ffu;
    if (exp == 0x1f) return detail::bits_float(sign | 0x7f800000u | (man << 13));  // inf, NaN
    if (exp == 0) {  // zero or subnormal: man * 2^-24, exact in float
      float v = static_cast<float>(man) * 5.9604644775390625e-8f;
      return sign ? -v : v;
    }
    return detail::bits_float(sign | ((exp + 112u) << 23) | (man << 13));
  }
  // IEEE binary16 with round-to-nearest-even, overflow to infinity.
  static std::uint16_t round(float f) {
    std::uint32_t u = detail::float_bits(f);
    std::uint16_t sign = static_cast<std::uint16_t>((u >> 16) & 0x8000u);
    std::uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return static_cast<std::uint16_t>(sign | 0x7e00u);  // NaN
    if (a >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // rounds to >= 2^16: inf
    if (a < 0x38800000u) {  // below 2^-14: subnormal or zero, in units of 2^-24
      float v = detail::bits_float(a) * 16777216.0f;  // exact scaling by 2^24
      // nearbyint in the default rounding mode is round-half-even.
      return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::nearbyint(v)));
    }
    std::uint32_t r = a + 0xfffu + ((a >> 13) & 1u);  // round the 13 dropped bits to even
    return static_cast<std::uint16_t>(sign | ((r - 0x38000000u) >> 13));
  }
};
#endif

// A float with its 13 low mantissa bits cleared after adding `bias` to its bits (0:
// truncation; 0x1000: rounding to nearest, ties away from zero); infinities and NaNs
// pass unchanged. The two tf32 conversions below.
#if defined(__CUDACC__)
__host__ __device__
#endif
inline float tf32_bits(float f, std::uint32_t bias) {
  std::uint32_t u;
  __builtin_memcpy(&u, &f, sizeof u);
  if ((u & 0x7f800000u) != 0x7f800000u) u = (u + bias) & 0xffffe000u;
  float r;
  __builtin_memcpy(&r, &u, sizeof r);
  return r;
}

// tf32: a float rounded to 10 mantissa bits, to nearest with ties away from zero
// (cvt.rna.tf32.f32), as the tensor cores read it; the result is still a float.
#if defined(__CUDACC__)
__host__ __device__
#endif
inline float to_tf32(float f) { return tf32_bits(f, 0x1000u); }

// tf32 as Hopper's wgmma reads an f32 operand from shared memory: the 13 low mantissa
// bits dropped (rounding toward zero).
#if defined(__CUDACC__)
__host__ __device__
#endif
inline float tf32_truncate(float f) { return tf32_bits(f, 0u); }

}  // namespace exo

#endif  // EXO_EXO_HPP
