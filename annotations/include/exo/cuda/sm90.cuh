// exo/cuda/sm90.cuh — the CUDA forms of the instructions of exo/sm90.hpp (device code,
// sm_90a: wgmma exists only on the "a" target of Hopper).
//
// exo-cuda prints an instruction call `exo::sm90::NAME(args...)` of a kernel as
// `exo::sm90::gpu::NAME(args...)`, with the same arguments (exo/cuda/sm80.cuh), where
//   - a `[[exo::fragment(wgmma_c)]]` operand is a pointer to the calling thread's own
//     N / 2 slots of the 64 x N accumulator;
//   - a `[[exo::shared]]` operand is the same shared array (`const T (&)[K][R][8]`,
//     declared `__shared__ __align__(16)`);
//   - pointers (global memory) and scalars pass through.
// Every call is issued by all 128 threads of one warpgroup (threads 128g .. 128g + 127
// of the 1-D block), converged, and does over the warpgroup exactly what the sequential
// body of the same name in exo/sm90.hpp does to the tile.
//
// Fragment layout wgmma_c: element (i, n) of the 64 x N f32 tile -> (thread of the
// warpgroup, slot), with w = i / 16 the warp of the warpgroup, g = groupID, t =
// threadID_in_group (PTX ISA, "Register Fragments and Shared Memory Matrix Layouts",
// "Matrix Fragments for wgmma.mma_async.m64nNk16", accumulator D figure; the same map as
// CUTLASS's CLayout_64xN in cute/atom/mma_traits_sm90_gmma.hpp):
//   thread = (i/16)*32 + (i%8)*4 + (n%8)/2,   slot = (n/8)*4 + ((i%16)/8)*2 + n%2
// i.e. warp w holds rows 16w .. 16w + 15 as N / 8 m16n8_c accumulators side by side:
// slot s of lane l is row 16w + l/4 + 8*((s/2)%2), column 8*(s/4) + 2*(l%4) + s%2.
//
// Shared operands: no swizzle, K-major (imm-trans-a = imm-trans-b = 0). An operand tile
// of R rows (M or N) by K is `T tile[K/8][R][8]`: a core matrix (8 rows x 16 bytes) is
// 128 contiguous bytes, the core matrices next to it in M / N follow 128 bytes further,
// the ones next to it in K are R * 16 bytes further (the array's own row count R, not
// the tile's).
//
// The test of these against the sequential bodies on a GPU: tests/gpu/test_sm90_instrs.cu.
#ifndef EXO_CUDA_SM90_CUH
#define EXO_CUDA_SM90_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "exo/sm90.hpp's instructions need sm_90a (wgmma): -gencode=arch=compute_90a,code=sm_90a"
#endif

namespace exo {
namespace sm90 {
namespace gpu {

namespace detail {

__device__ __forceinline__ unsigned lane_id() {
  unsigned l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  return l;
}

// The warp of the calling thread inside its warpgroup (1-D blocks: warpgroup g is threads
// 128g .. 128g + 127, its warps are threadIdx.x / 32 mod 4).
__device__ __forceinline__ unsigned warp_in_warpgroup() { return (threadIdx.x >> 5) & 3u; }

template <class T>
__device__ __forceinline__ T from_float(float f) {
  if constexpr (std::is_same_v<T, float>) {
    return f;
  } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    return __float2bfloat16_rn(f);
  } else {
    static_assert(std::is_same_v<T, __half>, "wgmma_store stores float, __nv_bfloat16 or __half");
    return __float2half_rn(f);
  }
}

// A shared-memory matrix descriptor (PTX ISA, "Matrix Descriptor Format"; CUTLASS
// cute/arch/mma_sm90_desc.hpp, GmmaDescriptor), 64 bits:
//   bits  0-13  start address: (shared-window address & 0x3FFFF) >> 4
//   bits 16-29  leading dimension byte offset >> 4 (LBO)
//   bits 32-45  stride dimension byte offset >> 4 (SBO)
//   bits 49-51  base offset: 0 (it only matters for the swizzled modes)
//   bits 62-63  swizzle mode: 0, none
// For K-major without swizzle, the canonical layout in 16-byte units is
// ((8, m), 2) : ((1, SBO), LBO) (CUTLASS cute/atom/mma_traits_sm90_gmma.hpp,
// make_gmma_desc, Major::K, INTERLEAVE; PTX ISA: the K-major no-swizzle leading
// dimension stride is "the stride from the first column to the second column of the 8x2
// tile" of 16-byte elements): LBO is the distance between the two core matrices of a
// k16 step that are adjacent in K (here R * 16 bytes), SBO between core matrices
// adjacent in M / N (here 128 bytes). The start address, LBO and SBO must be multiples
// of 16 bytes (exo-cuda proves the start's alignment from the body's exo::aligned; the
// rows are 16 bytes).
__device__ __forceinline__ std::uint64_t k_major_desc(const void* start, unsigned lbo_bytes) {
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(start));
  constexpr unsigned sbo_bytes = 128;
  return static_cast<std::uint64_t>((addr & 0x3FFFFu) >> 4) | (static_cast<std::uint64_t>(lbo_bytes >> 4) << 16) |
         (static_cast<std::uint64_t>(sbo_bytes >> 4) << 32);
}

// Keeps the compiler from moving accesses of the accumulator's registers across the
// wgmma fence / wait below (they are read and written by the asynchronous instruction
// between those points, which the compiler does not see): an empty asm that "writes"
// every slot.
template <int SLOTS>
__device__ __forceinline__ void fence_slots(float* d) {
#pragma unroll
  for (int s = 0; s < SLOTS; ++s) asm volatile("" : "+f"(d[s])::"memory");
}

// One wgmma.mma_async.sync.aligned.m64n{N}k16.f32.{bf16,f16}: d (N / 2 slots) += A * B^T,
// A and B from the descriptors (PTX ISA, "wgmma.mma_async"): operands d, a-desc, b-desc,
// scale-d (predicate: true, d is accumulated into), imm-scale-a = imm-scale-b = 1 (no
// negation), imm-trans-a = imm-trans-b = 0 (K-major). The accumulator's N / 2 registers
// are the asm's operands %0 .. %(N/2 - 1) (one "+f" each), the descriptors the next two.
// The tables below spell those lists out for every N = 8, 16, .., 256 (an asm string has
// to be a literal): EXO_SM90_P<c> names operands 4c .. 4c + 3 and EXO_SM90_D4(b) binds
// slots b .. b + 3; for each N, EXO_SM90_REGS_<N> is the register list %0 .. %(N/2 - 1),
// EXO_SM90_SLOTS_<N> the matching "+f" operands d[0] .. d[N/2 - 1], EXO_SM90_DESCS_<N>
// the descriptors' operands %(N/2), %(N/2 + 1).
template <int N, class T>
struct Wgmma;

#define EXO_SM90_D4(b) "+f"(d[b]), "+f"(d[(b) + 1]), "+f"(d[(b) + 2]), "+f"(d[(b) + 3])

#define EXO_SM90_P0 "%0, %1, %2, %3"
#define EXO_SM90_P1 "%4, %5, %6, %7"
#define EXO_SM90_P2 "%8, %9, %10, %11"
#define EXO_SM90_P3 "%12, %13, %14, %15"
#define EXO_SM90_P4 "%16, %17, %18, %19"
#define EXO_SM90_P5 "%20, %21, %22, %23"
#define EXO_SM90_P6 "%24, %25, %26, %27"
#define EXO_SM90_P7 "%28, %29, %30, %31"
#define EXO_SM90_P8 "%32, %33, %34, %35"
#define EXO_SM90_P9 "%36, %37, %38, %39"
#define EXO_SM90_P10 "%40, %41, %42, %43"
#define EXO_SM90_P11 "%44, %45, %46, %47"
#define EXO_SM90_P12 "%48, %49, %50, %51"
#define EXO_SM90_P13 "%52, %53, %54, %55"
#define EXO_SM90_P14 "%56, %57, %58, %59"
#define EXO_SM90_P15 "%60, %61, %62, %63"
#define EXO_SM90_P16 "%64, %65, %66, %67"
#define EXO_SM90_P17 "%68, %69, %70, %71"
#define EXO_SM90_P18 "%72, %73, %74, %75"
#define EXO_SM90_P19 "%76, %77, %78, %79"
#define EXO_SM90_P20 "%80, %81, %82, %83"
#define EXO_SM90_P21 "%84, %85, %86, %87"
#define EXO_SM90_P22 "%88, %89, %90, %91"
#define EXO_SM90_P23 "%92, %93, %94, %95"
#define EXO_SM90_P24 "%96, %97, %98, %99"
#define EXO_SM90_P25 "%100, %101, %102, %103"
#define EXO_SM90_P26 "%104, %105, %106, %107"
#define EXO_SM90_P27 "%108, %109, %110, %111"
#define EXO_SM90_P28 "%112, %113, %114, %115"
#define EXO_SM90_P29 "%116, %117, %118, %119"
#define EXO_SM90_P30 "%120, %121, %122, %123"
#define EXO_SM90_P31 "%124, %125, %126, %127"

#define EXO_SM90_REGS_8 EXO_SM90_P0
#define EXO_SM90_SLOTS_8 EXO_SM90_D4(0)
#define EXO_SM90_DESCS_8 "%4, %5"
#define EXO_SM90_REGS_16 EXO_SM90_REGS_8 ", " EXO_SM90_P1
#define EXO_SM90_SLOTS_16 EXO_SM90_SLOTS_8, EXO_SM90_D4(4)
#define EXO_SM90_DESCS_16 "%8, %9"
#define EXO_SM90_REGS_24 EXO_SM90_REGS_16 ", " EXO_SM90_P2
#define EXO_SM90_SLOTS_24 EXO_SM90_SLOTS_16, EXO_SM90_D4(8)
#define EXO_SM90_DESCS_24 "%12, %13"
#define EXO_SM90_REGS_32 EXO_SM90_REGS_24 ", " EXO_SM90_P3
#define EXO_SM90_SLOTS_32 EXO_SM90_SLOTS_24, EXO_SM90_D4(12)
#define EXO_SM90_DESCS_32 "%16, %17"
#define EXO_SM90_REGS_40 EXO_SM90_REGS_32 ", " EXO_SM90_P4
#define EXO_SM90_SLOTS_40 EXO_SM90_SLOTS_32, EXO_SM90_D4(16)
#define EXO_SM90_DESCS_40 "%20, %21"
#define EXO_SM90_REGS_48 EXO_SM90_REGS_40 ", " EXO_SM90_P5
#define EXO_SM90_SLOTS_48 EXO_SM90_SLOTS_40, EXO_SM90_D4(20)
#define EXO_SM90_DESCS_48 "%24, %25"
#define EXO_SM90_REGS_56 EXO_SM90_REGS_48 ", " EXO_SM90_P6
#define EXO_SM90_SLOTS_56 EXO_SM90_SLOTS_48, EXO_SM90_D4(24)
#define EXO_SM90_DESCS_56 "%28, %29"
#define EXO_SM90_REGS_64 EXO_SM90_REGS_56 ", " EXO_SM90_P7
#define EXO_SM90_SLOTS_64 EXO_SM90_SLOTS_56, EXO_SM90_D4(28)
#define EXO_SM90_DESCS_64 "%32, %33"
#define EXO_SM90_REGS_72 EXO_SM90_REGS_64 ", " EXO_SM90_P8
#define EXO_SM90_SLOTS_72 EXO_SM90_SLOTS_64, EXO_SM90_D4(32)
#define EXO_SM90_DESCS_72 "%36, %37"
#define EXO_SM90_REGS_80 EXO_SM90_REGS_72 ", " EXO_SM90_P9
#define EXO_SM90_SLOTS_80 EXO_SM90_SLOTS_72, EXO_SM90_D4(36)
#define EXO_SM90_DESCS_80 "%40, %41"
#define EXO_SM90_REGS_88 EXO_SM90_REGS_80 ", " EXO_SM90_P10
#define EXO_SM90_SLOTS_88 EXO_SM90_SLOTS_80, EXO_SM90_D4(40)
#define EXO_SM90_DESCS_88 "%44, %45"
#define EXO_SM90_REGS_96 EXO_SM90_REGS_88 ", " EXO_SM90_P11
#define EXO_SM90_SLOTS_96 EXO_SM90_SLOTS_88, EXO_SM90_D4(44)
#define EXO_SM90_DESCS_96 "%48, %49"
#define EXO_SM90_REGS_104 EXO_SM90_REGS_96 ", " EXO_SM90_P12
#define EXO_SM90_SLOTS_104 EXO_SM90_SLOTS_96, EXO_SM90_D4(48)
#define EXO_SM90_DESCS_104 "%52, %53"
#define EXO_SM90_REGS_112 EXO_SM90_REGS_104 ", " EXO_SM90_P13
#define EXO_SM90_SLOTS_112 EXO_SM90_SLOTS_104, EXO_SM90_D4(52)
#define EXO_SM90_DESCS_112 "%56, %57"
#define EXO_SM90_REGS_120 EXO_SM90_REGS_112 ", " EXO_SM90_P14
#define EXO_SM90_SLOTS_120 EXO_SM90_SLOTS_112, EXO_SM90_D4(56)
#define EXO_SM90_DESCS_120 "%60, %61"
#define EXO_SM90_REGS_128 EXO_SM90_REGS_120 ", " EXO_SM90_P15
#define EXO_SM90_SLOTS_128 EXO_SM90_SLOTS_120, EXO_SM90_D4(60)
#define EXO_SM90_DESCS_128 "%64, %65"
#define EXO_SM90_REGS_136 EXO_SM90_REGS_128 ", " EXO_SM90_P16
#define EXO_SM90_SLOTS_136 EXO_SM90_SLOTS_128, EXO_SM90_D4(64)
#define EXO_SM90_DESCS_136 "%68, %69"
#define EXO_SM90_REGS_144 EXO_SM90_REGS_136 ", " EXO_SM90_P17
#define EXO_SM90_SLOTS_144 EXO_SM90_SLOTS_136, EXO_SM90_D4(68)
#define EXO_SM90_DESCS_144 "%72, %73"
#define EXO_SM90_REGS_152 EXO_SM90_REGS_144 ", " EXO_SM90_P18
#define EXO_SM90_SLOTS_152 EXO_SM90_SLOTS_144, EXO_SM90_D4(72)
#define EXO_SM90_DESCS_152 "%76, %77"
#define EXO_SM90_REGS_160 EXO_SM90_REGS_152 ", " EXO_SM90_P19
#define EXO_SM90_SLOTS_160 EXO_SM90_SLOTS_152, EXO_SM90_D4(76)
#define EXO_SM90_DESCS_160 "%80, %81"
#define EXO_SM90_REGS_168 EXO_SM90_REGS_160 ", " EXO_SM90_P20
#define EXO_SM90_SLOTS_168 EXO_SM90_SLOTS_160, EXO_SM90_D4(80)
#define EXO_SM90_DESCS_168 "%84, %85"
#define EXO_SM90_REGS_176 EXO_SM90_REGS_168 ", " EXO_SM90_P21
#define EXO_SM90_SLOTS_176 EXO_SM90_SLOTS_168, EXO_SM90_D4(84)
#define EXO_SM90_DESCS_176 "%88, %89"
#define EXO_SM90_REGS_184 EXO_SM90_REGS_176 ", " EXO_SM90_P22
#define EXO_SM90_SLOTS_184 EXO_SM90_SLOTS_176, EXO_SM90_D4(88)
#define EXO_SM90_DESCS_184 "%92, %93"
#define EXO_SM90_REGS_192 EXO_SM90_REGS_184 ", " EXO_SM90_P23
#define EXO_SM90_SLOTS_192 EXO_SM90_SLOTS_184, EXO_SM90_D4(92)
#define EXO_SM90_DESCS_192 "%96, %97"
#define EXO_SM90_REGS_200 EXO_SM90_REGS_192 ", " EXO_SM90_P24
#define EXO_SM90_SLOTS_200 EXO_SM90_SLOTS_192, EXO_SM90_D4(96)
#define EXO_SM90_DESCS_200 "%100, %101"
#define EXO_SM90_REGS_208 EXO_SM90_REGS_200 ", " EXO_SM90_P25
#define EXO_SM90_SLOTS_208 EXO_SM90_SLOTS_200, EXO_SM90_D4(100)
#define EXO_SM90_DESCS_208 "%104, %105"
#define EXO_SM90_REGS_216 EXO_SM90_REGS_208 ", " EXO_SM90_P26
#define EXO_SM90_SLOTS_216 EXO_SM90_SLOTS_208, EXO_SM90_D4(104)
#define EXO_SM90_DESCS_216 "%108, %109"
#define EXO_SM90_REGS_224 EXO_SM90_REGS_216 ", " EXO_SM90_P27
#define EXO_SM90_SLOTS_224 EXO_SM90_SLOTS_216, EXO_SM90_D4(108)
#define EXO_SM90_DESCS_224 "%112, %113"
#define EXO_SM90_REGS_232 EXO_SM90_REGS_224 ", " EXO_SM90_P28
#define EXO_SM90_SLOTS_232 EXO_SM90_SLOTS_224, EXO_SM90_D4(112)
#define EXO_SM90_DESCS_232 "%116, %117"
#define EXO_SM90_REGS_240 EXO_SM90_REGS_232 ", " EXO_SM90_P29
#define EXO_SM90_SLOTS_240 EXO_SM90_SLOTS_232, EXO_SM90_D4(116)
#define EXO_SM90_DESCS_240 "%120, %121"
#define EXO_SM90_REGS_248 EXO_SM90_REGS_240 ", " EXO_SM90_P30
#define EXO_SM90_SLOTS_248 EXO_SM90_SLOTS_240, EXO_SM90_D4(120)
#define EXO_SM90_DESCS_248 "%124, %125"
#define EXO_SM90_REGS_256 EXO_SM90_REGS_248 ", " EXO_SM90_P31
#define EXO_SM90_SLOTS_256 EXO_SM90_SLOTS_248, EXO_SM90_D4(124)
#define EXO_SM90_DESCS_256 "%128, %129"

// The scale-d operand (a register: 0 overwrites d, 1 accumulates) follows the descriptors.
#define EXO_SM90_SCALE_8 "%6"
#define EXO_SM90_SCALE_16 "%10"
#define EXO_SM90_SCALE_24 "%14"
#define EXO_SM90_SCALE_32 "%18"
#define EXO_SM90_SCALE_40 "%22"
#define EXO_SM90_SCALE_48 "%26"
#define EXO_SM90_SCALE_56 "%30"
#define EXO_SM90_SCALE_64 "%34"
#define EXO_SM90_SCALE_72 "%38"
#define EXO_SM90_SCALE_80 "%42"
#define EXO_SM90_SCALE_88 "%46"
#define EXO_SM90_SCALE_96 "%50"
#define EXO_SM90_SCALE_104 "%54"
#define EXO_SM90_SCALE_112 "%58"
#define EXO_SM90_SCALE_120 "%62"
#define EXO_SM90_SCALE_128 "%66"
#define EXO_SM90_SCALE_136 "%70"
#define EXO_SM90_SCALE_144 "%74"
#define EXO_SM90_SCALE_152 "%78"
#define EXO_SM90_SCALE_160 "%82"
#define EXO_SM90_SCALE_168 "%86"
#define EXO_SM90_SCALE_176 "%90"
#define EXO_SM90_SCALE_184 "%94"
#define EXO_SM90_SCALE_192 "%98"
#define EXO_SM90_SCALE_200 "%102"
#define EXO_SM90_SCALE_208 "%106"
#define EXO_SM90_SCALE_216 "%110"
#define EXO_SM90_SCALE_224 "%114"
#define EXO_SM90_SCALE_232 "%118"
#define EXO_SM90_SCALE_240 "%122"
#define EXO_SM90_SCALE_248 "%126"
#define EXO_SM90_SCALE_256 "%130"

#define EXO_SM90_WGMMA_TYPE(NN, T, PTX_T, KK, IMM)                                                             \
  template <>                                                                                                 \
  struct Wgmma<NN, T> {                                                                                       \
    static __device__ __forceinline__ void issue(float* d, std::uint64_t a, std::uint64_t b) {                \
      asm volatile(                                                                                           \
          "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\nwgmma.mma_async.sync.aligned.m64n" #NN "k" #KK ".f32." PTX_T "." \
          PTX_T " {" EXO_SM90_REGS_##NN "}, " EXO_SM90_DESCS_##NN ", p" IMM ";\n}\n"                      \
          : EXO_SM90_SLOTS_##NN                                                                               \
          : "l"(a), "l"(b)                                                                                    \
          : "memory");                                                                                        \
    }                                                                                                         \
    /* scale-d from a register: d = a * b^T (scale 0) or d += a * b^T (scale 1). */                         \
    static __device__ __forceinline__ void issue(float* d, std::uint64_t a, std::uint64_t b, int scale) {     \
      asm volatile(                                                                                           \
          "{\n.reg .pred p;\nsetp.ne.b32 p, " EXO_SM90_SCALE_##NN ", 0;\nwgmma.mma_async.sync.aligned.m64n" #NN  \
          "k" #KK ".f32." PTX_T "." PTX_T " {" EXO_SM90_REGS_##NN "}, " EXO_SM90_DESCS_##NN ", p" IMM ";\n}\n"  \
          : EXO_SM90_SLOTS_##NN                                                                               \
          : "l"(a), "l"(b), "r"(scale)                                                                        \
          : "memory");                                                                                        \
    }                                                                                                         \
  };
// bf16 and f16: k16, imm-scale-a/b 1 and imm-trans-a/b 0 (K-major); f32 operands
// multiplied as tf32: k8, the scales only (tf32 has no transpose: K-major always).
#define EXO_SM90_WGMMA_N(NN)                                                                                          \
  EXO_SM90_WGMMA_TYPE(NN, __nv_bfloat16, "bf16", 16, ", 1, 1, 0, 0") EXO_SM90_WGMMA_TYPE(NN, __half, "f16", 16, ", 1, 1, 0, 0") \
  EXO_SM90_WGMMA_TYPE(NN, float, "tf32", 8, ", 1, 1")

EXO_SM90_WGMMA_N(8) EXO_SM90_WGMMA_N(16) EXO_SM90_WGMMA_N(24) EXO_SM90_WGMMA_N(32) EXO_SM90_WGMMA_N(40)
EXO_SM90_WGMMA_N(48) EXO_SM90_WGMMA_N(56) EXO_SM90_WGMMA_N(64) EXO_SM90_WGMMA_N(72) EXO_SM90_WGMMA_N(80)
EXO_SM90_WGMMA_N(88) EXO_SM90_WGMMA_N(96) EXO_SM90_WGMMA_N(104) EXO_SM90_WGMMA_N(112) EXO_SM90_WGMMA_N(120)
EXO_SM90_WGMMA_N(128) EXO_SM90_WGMMA_N(136) EXO_SM90_WGMMA_N(144) EXO_SM90_WGMMA_N(152) EXO_SM90_WGMMA_N(160)
EXO_SM90_WGMMA_N(168) EXO_SM90_WGMMA_N(176) EXO_SM90_WGMMA_N(184) EXO_SM90_WGMMA_N(192) EXO_SM90_WGMMA_N(200)
EXO_SM90_WGMMA_N(208) EXO_SM90_WGMMA_N(216) EXO_SM90_WGMMA_N(224) EXO_SM90_WGMMA_N(232) EXO_SM90_WGMMA_N(240)
EXO_SM90_WGMMA_N(248) EXO_SM90_WGMMA_N(256)

// wgmma with A from registers (RS): the accumulator's N / 2 registers %0 .. %(N/2 - 1),
// then A's four 32-bit registers, B's descriptor and scale-d (PTX ISA, "wgmma.mma_async":
// d, a, b-desc, scale-d, imm-scale-a, imm-scale-b[, imm-trans-b]; A is K-major, with no
// transpose operand; CUTLASS's MMA_64xNx16_F32BF16BF16_RS spells the same operands).
// EXO_SM90_RS_<N> is "{a0, a1, a2, a3}, b-desc" and EXO_SM90_RS_SCALE_<N> scale-d.
#define EXO_SM90_RS_8 "{%4, %5, %6, %7}, %8"
#define EXO_SM90_RS_SCALE_8 "%9"
#define EXO_SM90_RS_16 "{%8, %9, %10, %11}, %12"
#define EXO_SM90_RS_SCALE_16 "%13"
#define EXO_SM90_RS_24 "{%12, %13, %14, %15}, %16"
#define EXO_SM90_RS_SCALE_24 "%17"
#define EXO_SM90_RS_32 "{%16, %17, %18, %19}, %20"
#define EXO_SM90_RS_SCALE_32 "%21"
#define EXO_SM90_RS_40 "{%20, %21, %22, %23}, %24"
#define EXO_SM90_RS_SCALE_40 "%25"
#define EXO_SM90_RS_48 "{%24, %25, %26, %27}, %28"
#define EXO_SM90_RS_SCALE_48 "%29"
#define EXO_SM90_RS_56 "{%28, %29, %30, %31}, %32"
#define EXO_SM90_RS_SCALE_56 "%33"
#define EXO_SM90_RS_64 "{%32, %33, %34, %35}, %36"
#define EXO_SM90_RS_SCALE_64 "%37"
#define EXO_SM90_RS_72 "{%36, %37, %38, %39}, %40"
#define EXO_SM90_RS_SCALE_72 "%41"
#define EXO_SM90_RS_80 "{%40, %41, %42, %43}, %44"
#define EXO_SM90_RS_SCALE_80 "%45"
#define EXO_SM90_RS_88 "{%44, %45, %46, %47}, %48"
#define EXO_SM90_RS_SCALE_88 "%49"
#define EXO_SM90_RS_96 "{%48, %49, %50, %51}, %52"
#define EXO_SM90_RS_SCALE_96 "%53"
#define EXO_SM90_RS_104 "{%52, %53, %54, %55}, %56"
#define EXO_SM90_RS_SCALE_104 "%57"
#define EXO_SM90_RS_112 "{%56, %57, %58, %59}, %60"
#define EXO_SM90_RS_SCALE_112 "%61"
#define EXO_SM90_RS_120 "{%60, %61, %62, %63}, %64"
#define EXO_SM90_RS_SCALE_120 "%65"
#define EXO_SM90_RS_128 "{%64, %65, %66, %67}, %68"
#define EXO_SM90_RS_SCALE_128 "%69"
#define EXO_SM90_RS_136 "{%68, %69, %70, %71}, %72"
#define EXO_SM90_RS_SCALE_136 "%73"
#define EXO_SM90_RS_144 "{%72, %73, %74, %75}, %76"
#define EXO_SM90_RS_SCALE_144 "%77"
#define EXO_SM90_RS_152 "{%76, %77, %78, %79}, %80"
#define EXO_SM90_RS_SCALE_152 "%81"
#define EXO_SM90_RS_160 "{%80, %81, %82, %83}, %84"
#define EXO_SM90_RS_SCALE_160 "%85"
#define EXO_SM90_RS_168 "{%84, %85, %86, %87}, %88"
#define EXO_SM90_RS_SCALE_168 "%89"
#define EXO_SM90_RS_176 "{%88, %89, %90, %91}, %92"
#define EXO_SM90_RS_SCALE_176 "%93"
#define EXO_SM90_RS_184 "{%92, %93, %94, %95}, %96"
#define EXO_SM90_RS_SCALE_184 "%97"
#define EXO_SM90_RS_192 "{%96, %97, %98, %99}, %100"
#define EXO_SM90_RS_SCALE_192 "%101"
#define EXO_SM90_RS_200 "{%100, %101, %102, %103}, %104"
#define EXO_SM90_RS_SCALE_200 "%105"
#define EXO_SM90_RS_208 "{%104, %105, %106, %107}, %108"
#define EXO_SM90_RS_SCALE_208 "%109"
#define EXO_SM90_RS_216 "{%108, %109, %110, %111}, %112"
#define EXO_SM90_RS_SCALE_216 "%113"
#define EXO_SM90_RS_224 "{%112, %113, %114, %115}, %116"
#define EXO_SM90_RS_SCALE_224 "%117"
#define EXO_SM90_RS_232 "{%116, %117, %118, %119}, %120"
#define EXO_SM90_RS_SCALE_232 "%121"
#define EXO_SM90_RS_240 "{%120, %121, %122, %123}, %124"
#define EXO_SM90_RS_SCALE_240 "%125"
#define EXO_SM90_RS_248 "{%124, %125, %126, %127}, %128"
#define EXO_SM90_RS_SCALE_248 "%129"
#define EXO_SM90_RS_256 "{%128, %129, %130, %131}, %132"
#define EXO_SM90_RS_SCALE_256 "%133"

template <int N, class T>
struct WgmmaRs;
#define EXO_SM90_WGMMA_RS_TYPE(NN, T, PTX_T, IMM)                                                                  \
  template <>                                                                                                     \
  struct WgmmaRs<NN, T> {                                                                                         \
    static __device__ __forceinline__ void issue(float* d, const std::uint32_t (&a)[4], std::uint64_t b, int scale) { \
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, " EXO_SM90_RS_SCALE_##NN ", 0;\nwgmma.mma_async.sync.aligned.m64n" #NN \
                   "k" PTX_T " {" EXO_SM90_REGS_##NN "}, " EXO_SM90_RS_##NN ", p" IMM ";\n}\n"                   \
                   : EXO_SM90_SLOTS_##NN                                                                          \
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b), "r"(scale)                               \
                   : "memory");                                                                                   \
    }                                                                                                             \
  };
// bf16 and f16: k16, imm-scale-a/b 1, imm-trans-b 0 (K-major); tf32: k8, the scales only.
#define EXO_SM90_WGMMA_RS_N(NN)                                                                        \
  EXO_SM90_WGMMA_RS_TYPE(NN, __nv_bfloat16, "16.f32.bf16.bf16", ", 1, 1, 0")                           \
  EXO_SM90_WGMMA_RS_TYPE(NN, __half, "16.f32.f16.f16", ", 1, 1, 0") EXO_SM90_WGMMA_RS_TYPE(NN, float, "8.f32.tf32.tf32", ", 1, 1")

EXO_SM90_WGMMA_RS_N(8) EXO_SM90_WGMMA_RS_N(16) EXO_SM90_WGMMA_RS_N(24) EXO_SM90_WGMMA_RS_N(32) EXO_SM90_WGMMA_RS_N(40)
EXO_SM90_WGMMA_RS_N(48) EXO_SM90_WGMMA_RS_N(56) EXO_SM90_WGMMA_RS_N(64) EXO_SM90_WGMMA_RS_N(72) EXO_SM90_WGMMA_RS_N(80)
EXO_SM90_WGMMA_RS_N(88) EXO_SM90_WGMMA_RS_N(96) EXO_SM90_WGMMA_RS_N(104) EXO_SM90_WGMMA_RS_N(112) EXO_SM90_WGMMA_RS_N(120)
EXO_SM90_WGMMA_RS_N(128) EXO_SM90_WGMMA_RS_N(136) EXO_SM90_WGMMA_RS_N(144) EXO_SM90_WGMMA_RS_N(152) EXO_SM90_WGMMA_RS_N(160)
EXO_SM90_WGMMA_RS_N(168) EXO_SM90_WGMMA_RS_N(176) EXO_SM90_WGMMA_RS_N(184) EXO_SM90_WGMMA_RS_N(192) EXO_SM90_WGMMA_RS_N(200)
EXO_SM90_WGMMA_RS_N(208) EXO_SM90_WGMMA_RS_N(216) EXO_SM90_WGMMA_RS_N(224) EXO_SM90_WGMMA_RS_N(232) EXO_SM90_WGMMA_RS_N(240)
EXO_SM90_WGMMA_RS_N(248) EXO_SM90_WGMMA_RS_N(256)

}  // namespace detail

// ------------------------------------------------------------------ fragments
template <int N>
__device__ __forceinline__ void wgmma_fill(float* d, float v) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
#pragma unroll
  for (int s = 0; s < N / 2; ++s) d[s] = v;
}

// ---------------------------------------------------------------------- wgmma
// d (wgmma_c) += a * b^T over KK columns, synchronously: (the async proxy fence) the
// wgmma fence, KK / 16 wgmma.mma_async, commit, wait for the group. Step s reads the
// k16 slab that starts at a[akc + 2s][ar][0] and b[bkc + 2s][br][0].
//
// Ordering (PTX ISA, "Async Proxy", "wgmma.fence"): wgmma.mma_async reads shared memory
// through the async proxy, so generic-proxy writes of the operands (ordered before this
// call by the barrier exo-cuda proves there) need a fence.proxy.async before the reads;
// wgmma.fence orders the earlier register accesses of the accumulator before the first
// wgmma (consecutive wgmma of the same shape into the same accumulator need none); the
// completion that wait_group 0 observes carries an implicit async-to-generic proxy
// fence, so later generic writes of the operands and reads of d are safe after it.
template <int N, int KK, class T, int KA, int RA, int KB, int RB>
__device__ __forceinline__ void wgmma(float* d, const T (&a)[KA][RA][8], int ar, int akc, const T (&b)[KB][RB][8],
                                      int br, int bkc) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(KK % 16 == 0 && KK > 0, "wgmma k steps are 16 wide");
  static_assert(std::is_same_v<T, __nv_bfloat16> || std::is_same_v<T, __half>, "wgmma multiplies bf16 or f16");
  static_assert(RA * 16 < (1 << 18) && RB * 16 < (1 << 18), "the leading byte offset has 14 bits (of 16 bytes)");
  detail::fence_slots<N / 2>(d);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
  for (int s = 0; s < KK / 16; ++s)
    detail::Wgmma<N, T>::issue(d, detail::k_major_desc(&a[akc + 2 * s][ar][0], RA * 16),
                               detail::k_major_desc(&b[bkc + 2 * s][br][0], RB * 16));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  detail::fence_slots<N / 2>(d);
}

// wgmma's fence and issue, committed as one group, without the wait (exo/sm90.hpp,
// wgmma_async): the accumulator's registers belong to the tensor core until the
// wgmma_wait that completes the group.
template <int N, int KK, class T, int KA, int RA, int KB, int RB>
__device__ __forceinline__ void wgmma_async(float* d, const T (&a)[KA][RA][8], int ar, int akc,
                                            const T (&b)[KB][RB][8], int br, int bkc, bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(KK % 16 == 0 && KK > 0, "wgmma k steps are 16 wide");
  static_assert(std::is_same_v<T, __nv_bfloat16> || std::is_same_v<T, __half>, "wgmma multiplies bf16 or f16");
  static_assert(RA * 16 < (1 << 18) && RB * 16 < (1 << 18), "the leading byte offset has 14 bits (of 16 bytes)");
  detail::fence_slots<N / 2>(d);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  // The first k16 step overwrites d unless `accumulate` (so a fresh accumulator needs no
  // fill: register writes between wgmma of one pipeline would make ptxas serialize them).
  detail::Wgmma<N, T>::issue(d, detail::k_major_desc(&a[akc][ar][0], RA * 16), detail::k_major_desc(&b[bkc][br][0], RB * 16),
                             accumulate ? 1 : 0);
#pragma unroll
  for (int s = 1; s < KK / 16; ++s)
    detail::Wgmma<N, T>::issue(d, detail::k_major_desc(&a[akc + 2 * s][ar][0], RA * 16),
                               detail::k_major_desc(&b[bkc + 2 * s][br][0], RB * 16));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}

// wgmma.wait_group P; then the accumulator's registers are the thread's again (the empty
// asm keeps the compiler from reading them before the wait).
template <int P, int N>
__device__ __forceinline__ void wgmma_wait(float* d) {
  static_assert(P >= 0 && P <= 7, "wgmma.wait_group takes 0 .. 7 pending groups");
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(P) : "memory");
  detail::fence_slots<N / 2>(d);
}

namespace detail {
// p[0] = a, p[1] = b converted to T, as one st.global.v2.f32 (f32) or st.global.b32 (a
// pair of 16-bit values); p is 2 * sizeof(T)-byte aligned.
template <class T>
__device__ __forceinline__ void store_pair(T* p, float a, float b) {
  if constexpr (std::is_same_v<T, float>) {
    asm volatile("st.global.v2.f32 [%0], {%1, %2};" ::"l"(p), "f"(a), "f"(b) : "memory");
  } else {
    const T lo = from_float<T>(a), hi = from_float<T>(b);
    const unsigned bits = static_cast<unsigned>(*reinterpret_cast<const unsigned short*>(&lo)) |
                          (static_cast<unsigned>(*reinterpret_cast<const unsigned short*>(&hi)) << 16);
    asm volatile("st.global.b32 [%0], %1;" ::"l"(p), "r"(bits) : "memory");
  }
}
}  // namespace detail

// C[(r0 + i) * ldc + c0 + j] = T(d[i][j]): slot s of lane l of warp w holds row
// 16w + l/4 + 8*((s/2)%2), column 8*(s/4) + 2*(l%4) + s%2.
template <class T, int N>
__device__ __forceinline__ void wgmma_store(T* C, int ldc, int r0, int c0, const float* d) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  const int l = static_cast<int>(detail::lane_id()), w = static_cast<int>(detail::warp_in_warpgroup());
  T* p = C + (r0 + 16 * w + (l >> 2)) * ldc + c0 + 2 * (l & 3);
  T* q = p + 8 * ldc;
  // A thread's two adjacent columns as one vector store (the meaning proves the pairs
  // aligned): half the store instructions of the epilogue, which measured 1.3-1.5x
  // faster GEMMs on short K (docs/perf-notes.md).
#pragma unroll
  for (int nb = 0; nb < N / 8; ++nb) {
    detail::store_pair(p + 8 * nb, d[4 * nb], d[4 * nb + 1]);
    detail::store_pair(q + 8 * nb, d[4 * nb + 2], d[4 * nb + 3]);
  }
}

// C[...] += d[i][j] atomically, two adjacent columns per vector reduction (sm_90's
// atomicAdd on float2: RED.E.ADD.F32x2 in SASS; its result unused, nvcc emits a RED).
template <int N>
__device__ __forceinline__ void wgmma_store_add(float* C, int ldc, int r0, int c0, const float* d) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  const int l = static_cast<int>(detail::lane_id()), w = static_cast<int>(detail::warp_in_warpgroup());
  float* p = C + (r0 + 16 * w + (l >> 2)) * ldc + c0 + 2 * (l & 3);
  float* q = p + 8 * ldc;
#pragma unroll
  for (int nb = 0; nb < N / 8; ++nb) {
    atomicAdd(reinterpret_cast<float2*>(p + 8 * nb), make_float2(d[4 * nb], d[4 * nb + 1]));
    atomicAdd(reinterpret_cast<float2*>(q + 8 * nb), make_float2(d[4 * nb + 2], d[4 * nb + 3]));
  }
}

namespace detail {
// p[0] = a when in0, p[1] = b when in1 (converted to T), without a branch (a branch
// around the accumulator is a divergent path to ptxas: C7518): one predicated vector
// store when both are in and p is pair-aligned, else predicated element stores.
template <class T>
__device__ __forceinline__ void store_pair_if(T* p, float a, float b, bool in0, bool in1, bool aligned) {
  const int vec = in0 && in1 && aligned, one = in0 && !vec, two = in1 && !vec;
  if constexpr (std::is_same_v<T, float>) {
    asm volatile(
        "{\n.reg .pred v, s0, s1;\nsetp.ne.b32 v, %3, 0;\nsetp.ne.b32 s0, %4, 0;\nsetp.ne.b32 s1, %5, 0;\n"
        "@v st.global.v2.f32 [%0], {%1, %2};\n@s0 st.global.f32 [%0], %1;\n@s1 st.global.f32 [%0+4], %2;\n}" ::"l"(p),
        "f"(a), "f"(b), "r"(vec), "r"(one), "r"(two)
        : "memory");
  } else {
    const T lo = from_float<T>(a), hi = from_float<T>(b);
    const unsigned short l16 = *reinterpret_cast<const unsigned short*>(&lo), h16 = *reinterpret_cast<const unsigned short*>(&hi);
    const unsigned both = static_cast<unsigned>(l16) | (static_cast<unsigned>(h16) << 16);
    asm volatile(
        "{\n.reg .pred v, s0, s1;\nsetp.ne.b32 v, %4, 0;\nsetp.ne.b32 s0, %5, 0;\nsetp.ne.b32 s1, %6, 0;\n"
        "@v st.global.b32 [%0], %1;\n@s0 st.global.b16 [%0], %2;\n@s1 st.global.b16 [%0+2], %3;\n}" ::"l"(p),
        "r"(both), "h"(l16), "h"(h16), "r"(vec), "r"(one), "r"(two)
        : "memory");
  }
}
}  // namespace detail

// wgmma_store_clip: the same, storing only the elements inside the rows x ldc matrix.
template <class T, int N>
__device__ __forceinline__ void wgmma_store_clip(T* C, int rows, int ldc, int r0, int c0, const float* d) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  const int l = static_cast<int>(detail::lane_id()), w = static_cast<int>(detail::warp_in_warpgroup());
  const int r = r0 + 16 * w + (l >> 2), c = c0 + 2 * (l & 3);
  T* p = C + r * ldc + c;
  T* q = p + 8 * ldc;
  const bool rowP = r < rows, rowQ = r + 8 < rows;
  // A pair of columns goes out as one vector store when both are inside and its address
  // is aligned (every pair of a row is, or none: c is even), else element by element.
  const bool alignedP = reinterpret_cast<std::uintptr_t>(p) % (2 * sizeof(T)) == 0;
  const bool alignedQ = reinterpret_cast<std::uintptr_t>(q) % (2 * sizeof(T)) == 0;
#pragma unroll
  for (int nb = 0; nb < N / 8; ++nb) {
    const bool c0in = c + 8 * nb < ldc, c1in = c + 8 * nb + 1 < ldc;
    detail::store_pair_if(p + 8 * nb, d[4 * nb], d[4 * nb + 1], rowP && c0in, rowP && c1in, alignedP);
    detail::store_pair_if(q + 8 * nb, d[4 * nb + 2], d[4 * nb + 3], rowQ && c0in, rowQ && c1in, alignedQ);
  }
}

}  // namespace gpu
}  // namespace sm90
}  // namespace exo

#endif  // EXO_CUDA_SM90_CUH
