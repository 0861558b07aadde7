// exo/cuda/sm90_async.cuh — Hopper's asynchronous building blocks (device code, sm_90a):
// mbarrier, the async-proxy fence, TMA 2-D tile loads (and the host-side tensor map that
// describes them), asynchronous wgmma on 128-byte-swizzled K-major shared tiles, and
// setmaxnreg. These are the pieces of a warp-specialized pipeline
//
//   producer warp:   wait empty[s]; arrive_expect_tx(full[s], bytes); tma_load_2d(.., full[s])
//   consumer WGs:    wait full[s]; wgmma_fence; k16 issues; wgmma_commit; wgmma_wait<1>;
//                    arrive empty[previous s]
//
// that exo-cuda will print next; sm90.cuh's synchronous wgmma (no swizzle, operands staged
// by the threads) stays as it is. Every function here is a single PTX instruction or a
// short fixed sequence of them, written from the PTX ISA (sections named at each) and
// checked against the bit layouts CUTLASS uses (files named at each); no code is taken
// from either. Validated on an H200 by tests/gpu/test_sm90_async.cu; the facts, their
// sources and the run's results are collected in docs/sm90-async-facts.md.
//
// Conventions: a barrier is a `std::uint64_t` in shared memory (8-byte aligned); shared
// addresses are passed to PTX as 32-bit shared-window addresses (__cvta_generic_to_shared),
// the tensor map as a 64-bit generic address of a `const __grid_constant__ CUtensorMap`
// kernel parameter (or of one in global / constant memory).
#ifndef EXO_CUDA_SM90_ASYNC_CUH
#define EXO_CUDA_SM90_ASYNC_CUH

#include <cuda.h>  // CUtensorMap and its enums (types only: nothing here links -lcuda)
#include <cudaTypedefs.h>  // PFN_cuTensorMapEncodeTiled_v12000
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "sm90.cuh"  // detail::fence_slots, the accumulator operand tables EXO_SM90_*

namespace exo {
namespace sm90 {
namespace gpu {

namespace detail {
__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
}  // namespace detail

// -------------------------------------------------------------------- mbarrier
// PTX ISA, "Parallel Synchronization and Communication Instructions: mbarrier". A barrier
// object has a phase (parity 0 at init), a pending-arrival count (reset to the init count
// when a phase completes) and a transaction count (tx-count, bytes). A phase completes
// when both pending arrivals and tx-count reach zero; then the parity flips.
//
// mbarrier_init: one thread, before any other use (the count is the number of arrive
// operations per phase, 1 .. 2^20 - 1).
__device__ __forceinline__ void mbarrier_init(std::uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(detail::smem_addr(bar)), "r"(count) : "memory");
}

// After the init(s), by the initializing thread, before the block-wide barrier that
// publishes them: fence.mbarrier_init.release.cluster makes the inits visible to the
// other threads' (and, in a cluster, other CTAs') mbarrier operations (PTX ISA,
// "membar / fence": fence.mbarrier_init; CUTLASS cutlass/arch/barrier.h,
// fence_barrier_init, does the same after ClusterBarrier::init); fence.proxy.async orders
// the generic-proxy init before the async proxy's complete_tx on the same object (the
// TMA unit updates the barrier through the async proxy, PTX ISA "Async Proxy"). A
// __syncthreads() must still follow.
__device__ __forceinline__ void mbarrier_init_fence() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// One arrival (release semantics at CTA scope, the default of mbarrier.arrive). The
// returned state token is discarded (`_` sink, PTX 7.8+): waits here go by parity.
__device__ __forceinline__ void mbarrier_arrive(std::uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(detail::smem_addr(bar)) : "memory");
}

// One arrival that also raises the tx-count by `bytes` (expect-tx then arrive, atomically:
// PTX ISA, mbarrier.arrive.expect_tx). For a TMA load, `bytes` is the whole box of every
// copy that completes on this barrier in this phase (box elements x element size), out-of-
// bounds parts included: the zero-filled elements are written and counted too (seen on the
// H200: the M=100 / K=40 cases of the test complete with full-box counts). tx-count range
// is 0 .. 2^20 - 1.
__device__ __forceinline__ void mbarrier_arrive_expect_tx(std::uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(detail::smem_addr(bar)), "r"(bytes)
               : "memory");
}

// Whether the phase of parity `parity` has completed (acquire at CTA scope, the default).
// PTX ISA, mbarrier.test_wait / try_wait: phaseParity names the current phase or the
// immediately preceding one; for the preceding one the answer is true at once. So on a
// freshly initialised barrier (current parity 0) try_wait.parity(1) succeeds: a producer
// waits on its "empty" barrier with parity ((k / stages) & 1) ^ 1 and passes the first
// round without any consumer arrival.
__device__ __forceinline__ bool mbarrier_try_wait(std::uint64_t* bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}\n"
      : "=r"(ok)
      : "r"(detail::smem_addr(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}

// Blocks until the phase of parity `parity` has completed. try_wait itself suspends the
// thread for a system-dependent time before returning false, so the loop does not spin hot.
__device__ __forceinline__ void mbarrier_wait(std::uint64_t* bar, unsigned parity) {
  while (!mbarrier_try_wait(bar, parity)) {
  }
}

// ------------------------------------------------------------------ proxy fence
// Generic-proxy writes of shared memory (st.shared, stmatrix) that the async proxy (TMA
// store, wgmma operand reads) reads next: each writing thread fences, then the threads
// synchronise (PTX ISA, "Async Proxy", fence.proxy.async). Not needed for data that TMA
// itself wrote and an mbarrier wait observed.
__device__ __forceinline__ void fence_proxy_async() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
// The same for global memory: generic stores (or red.global) of elements that a TMA load
// reads, or a TMA store or reduction writes, next (PTX ISA, "Async Proxy": a proxy fence
// orders the generic and the async proxy's accesses of the state space it names).
__device__ __forceinline__ void fence_proxy_async_global() { asm volatile("fence.proxy.async.global;" ::: "memory"); }

// ------------------------------------------------------------------------- TMA
// The tensor map lives in the kernel's parameter space (`const __grid_constant__
// CUtensorMap`): prefetching it into the descriptor cache hides the first load's fetch
// (PTX ISA, prefetch.tensormap; generic address of the parameter).
__device__ __forceinline__ void prefetch_tensormap(const CUtensorMap* map) {
  asm volatile("prefetch.tensormap [%0];" ::"l"(reinterpret_cast<std::uint64_t>(map)) : "memory");
}

// Copies the box at coordinates (c0, c1) of `map` (c0 the inner, contiguous dimension:
// the column of a row-major matrix; c1 the row; both in elements, may be negative or run
// past the end: those elements are filled per the map's OOB fill, zero here) to shared
// memory at smem_dst, and signals completion of its bytes on `bar` (complete_tx). One
// thread issues it. smem_dst: 128-byte aligned in general; 1024-byte aligned for
// SWIZZLE_128B so that the swizzle pattern, which the hardware takes from address bits
// 7..9, starts at row 0 of the tile (what sw128_desc below assumes: base offset 0).
// PTX ISA, cp.async.bulk.tensor: the .shared::cluster destination with a CTA-local
// address is this CTA's own shared memory (also without a cluster launch).
// Operand order checked against CUTLASS cute/arch/copy_sm90_tma.hpp (SM90_TMA_LOAD_2D).
__device__ __forceinline__ void tma_load_2d(void* smem_dst, const CUtensorMap* map, int c0, int c1,
                                            std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
          detail::smem_addr(smem_dst)),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(c0), "r"(c1), "r"(detail::smem_addr(bar))
      : "memory");
}

// tma_load_2d for a 3-D map: the box at (c0, c1, c2), c0 the column, c1 the row, c2 the
// depth (the tensor's outermost dimension). PTX ISA, cp.async.bulk.tensor: .3d takes
// three coordinates, innermost first.
__device__ __forceinline__ void tma_load_3d_box(void* smem_dst, const CUtensorMap* map, int c0, int c1, int c2,
                                                std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" ::"r"(
          detail::smem_addr(smem_dst)),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(c0), "r"(c1), "r"(c2), "r"(detail::smem_addr(bar))
      : "memory");
}

// ------------------------------------------------------------ L2 cache hints
// exo::l2_policy(B, exo::l2::evict_first) (exo/exo.hpp): every TMA load of B passes its
// tensor map with an L2 eviction policy, made by createpolicy (PTX ISA, "createpolicy":
// .fractional with fraction 1.0 applies the priority to every line the access brings in)
// and given to the copy's .L2::cache_hint operand (PTX ISA, cp.async.bulk.tensor). The
// printer wraps the map: `l2_evict_first(&exo_tmap_B_...)`.
struct HintedMap {
  const CUtensorMap* map;
  std::uint64_t policy;
};
__device__ __forceinline__ HintedMap l2_evict_first(const CUtensorMap* map) {
  std::uint64_t policy;
  asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
  return {map, policy};
}
__device__ __forceinline__ HintedMap l2_evict_last(const CUtensorMap* map) {
  std::uint64_t policy;
  asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
  return {map, policy};
}
__device__ __forceinline__ void tma_load_2d(void* smem_dst, HintedMap map, int c0, int c1, std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"
      " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(detail::smem_addr(smem_dst)),
      "l"(reinterpret_cast<std::uint64_t>(map.map)), "r"(c0), "r"(c1), "r"(detail::smem_addr(bar)), "l"(map.policy)
      : "memory");
}
__device__ __forceinline__ void tma_load_3d_box(void* smem_dst, HintedMap map, int c0, int c1, int c2,
                                                std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"
      " [%0], [%1, {%2, %3, %4}], [%5], %6;" ::"r"(detail::smem_addr(smem_dst)),
      "l"(reinterpret_cast<std::uint64_t>(map.map)), "r"(c0), "r"(c1), "r"(c2), "r"(detail::smem_addr(bar)),
      "l"(map.policy)
      : "memory");
}

// ------------------------------------------------------------ thread-block clusters
// Facts: PTX ISA 8.x, "Special registers" (%cluster_ctarank, %cluster_nctarank), "mapa",
// "mbarrier.arrive", "barrier.cluster", "cp.async.bulk.tensor" (.multicast::cluster: the
// data and the complete_tx land at the same shared offsets in every block whose bit is
// set in the 16-bit mask, the bit being the block's rank); an mbarrier's tx-count may go
// negative (range -(2^20-1) .. 2^20-1), so a peer's bytes may land before this block's
// arrive.expect_tx announces them.
__device__ __forceinline__ unsigned cluster_rank() {
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
__device__ __forceinline__ unsigned cluster_blocks() {
  unsigned n;
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
  return n;
}

// The block's coordinate along one dimension of a 2-D (or 3-D) cluster whose rank
// linearizes its block_in_cluster loops, the innermost fastest: the rank's digit of
// `stride` (the product of the inner loops' trip counts) in base `trip`. The printer
// spells multicast masks and shares with it, not with the source's loop variables,
// whose names a declaration inside the block may shadow.
__device__ __forceinline__ int cluster_coord(unsigned stride, unsigned trip) {
  return static_cast<int>(cluster_rank() / stride % trip);
}

// Every thread of every block of the cluster: what each did before happens before what
// any does after (release / acquire at cluster scope).
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}

// The object at `local`'s offset in the shared memory of block `rank` of the cluster
// (distributed shared memory): `mapa` on the generic address gives a generic address
// that plain loads and stores reach (PTX ISA, "mapa": the .shared::cluster window is part
// of the generic space). A distributed array's other parts (docs/hopper.md, section 7).
template <class T>
__device__ __forceinline__ T& peer(T& local, unsigned rank) {
  std::uint64_t remote;
  asm volatile("mapa.u64 %0, %1, %2;" : "=l"(remote) : "l"(reinterpret_cast<std::uint64_t>(&local)), "r"(rank));
  return *reinterpret_cast<T*>(remote);
}

// One arrival on the mbarrier at `bar`'s offset in block `rank` of the cluster, with
// mbarrier.arrive's default semantics (release at CTA scope), as CUTLASS's
// ClusterBarrier::arrive(cta_id) does. What a cluster-wide arrival orders (the prover
// uses it for nothing else) is the arriving block's own shared memory: its reads (the
// wgmma operands, complete at wgmma_wait) before another block's multicast overwrites
// that memory; global memory is never ordered across blocks (checker/ProverRaces). The
// release at cluster scope measured 401 against 697 TFLOP/s (cluster_gemm, 8192^3, H200).
__device__ __forceinline__ void mbarrier_arrive_cluster(std::uint64_t* bar, unsigned rank) {
  asm volatile(
      "{\n\t.reg .b32 remote;\n\t"
      "mapa.shared::cluster.u32 remote, %0, %1;\n\t"
      "mbarrier.arrive.shared::cluster.b64 _, [remote];\n\t}" ::"r"(detail::smem_addr(bar)),
      "r"(rank)
      : "memory");
}

// A 2-D TMA copy delivered to every block of the cluster in `mask`, at this block's
// offsets of `smem_dst` and `bar`.
__device__ __forceinline__ void tma_load_2d_multicast(void* smem_dst, const CUtensorMap* map, int c0, int c1,
                                                      std::uint64_t* bar, std::uint16_t mask) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
      " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(detail::smem_addr(smem_dst)),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(c0), "r"(c1), "r"(detail::smem_addr(bar)), "h"(mask)
      : "memory");
}
__device__ __forceinline__ void tma_load_2d_multicast(void* smem_dst, HintedMap map, int c0, int c1, std::uint64_t* bar,
                                                      std::uint16_t mask) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint"
      " [%0], [%1, {%2, %3}], [%4], %5, %6;" ::"r"(detail::smem_addr(smem_dst)),
      "l"(reinterpret_cast<std::uint64_t>(map.map)), "r"(c0), "r"(c1), "r"(detail::smem_addr(bar)), "h"(mask),
      "l"(map.policy)
      : "memory");
}

// Where TMA with CU_TENSOR_MAP_SWIZZLE_128B puts element (row, col) of a box whose rows
// are 128 bytes (64 bf16): the 16-byte chunk j = col / 8 of row r lands at chunk
// j ^ (r % 8) of that row; rows are 128 bytes apart; the pattern repeats every 8 rows
// (1024 bytes). Source: CUDA C++ Programming Guide, "Tensor Memory Access" swizzle
// patterns; CUTLASS cute/atom/mma_traits_sm90_gmma.hpp, Layout_K_SW128_Atom =
// Swizzle<3,4,3> (byte-address bits 4..6 ^= bits 7..9). Checked byte for byte on the H200
// (test_sm90_async.cu dumps the tile). Byte offset from the (1024-aligned) tile base:
__host__ __device__ constexpr unsigned sw128_offset_bf16(unsigned row, unsigned col) {
  return row * 128u + ((((col >> 3) ^ row) & 7u) << 4) + (col & 7u) * 2u;
}

// ------------------------------------------------------------------------- wgmma
// wgmma.fence: orders this warpgroup's earlier register accesses of the accumulators (and
// A fragments) before the following wgmma.mma_async; needed before the first wgmma of a
// batch and whenever the accumulators were touched by other instructions in between
// (PTX ISA, wgmma.fence). All 128 threads of the warpgroup, converged.
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }

// Closes the wgmma.mma_async issued since the last commit into one wgmma-group.
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }

// Waits until at most N wgmma-groups of the executing threads are pending. N = 0: all
// done, the accumulators are readable and the operand tiles of those groups reusable;
// N = 1 lets the group just committed run while the previous group's stage is released.
template <int N>
__device__ __forceinline__ void wgmma_wait() {
  static_assert(N >= 0 && N <= 7, "wgmma.wait_group takes an immediate 0..7");
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
}

// The compiler does not see the accumulators change between issue and wait: call this on
// the accumulator array before wgmma_fence() and after wgmma_wait<..>() so that no read
// or write of d is moved across them (an empty asm that "writes" every slot; the same
// trick as CUTLASS's warpgroup_fence_operand).
template <int N>
__device__ __forceinline__ void wgmma_fence_operand(float* d) {
  detail::fence_slots<N / 2>(d);
}

// Shared-memory matrix descriptor of a K-major operand tile in the 128-byte swizzle
// layout, i.e. as TMA writes a box of R rows x 64 bf16 with CU_TENSOR_MAP_SWIZZLE_128B:
// row r at byte 128 r (before the swizzle), 8-row groups (1024 bytes) one after another.
// Bits (PTX ISA, "Matrix Descriptor Format"; CUTLASS cute/arch/mma_sm90_desc.hpp,
// GmmaDescriptor):
//   bits  0-13  start address >> 4 (shared-window address, 18 bits)
//   bits 16-29  leading byte offset >> 4: not used by the swizzled K-major layouts
//               (CUTLASS: "Unused for all SWIZZLE_* layouts (and assumed to be 1)"): 1
//   bits 32-45  stride byte offset >> 4: from one 8-row group to the next, 1024 bytes: 64
//   bits 49-51  base offset: 0, valid because the tile is 1024-byte aligned and k-step
//               starts stay inside the first 128 bytes of the row (see below)
//   bits 62-63  layout type: 1 = 128-byte swizzle (0 none, 2 64B, 3 32B)
// The canonical K-major SW128 layout in 16-byte units is Swizzle<3,4,3> o ((8,m),(T,2)) :
// ((8T,SBO),(1,T)) with T = 8 bf16 per 16 bytes (CUTLASS cute/atom/mma_traits_sm90_gmma.hpp,
// make_gmma_desc, Major::K, LayoutType::B128).
//
// Advancing along K inside the 64-wide tile: k16 step s (s = 0..3) covers columns
// 16s..16s+15, i.e. bytes 32s..32s+31 of every (unswizzled) row, so its descriptor is the
// tile's with the start address + 32 s bytes (+2 s in the encoded field): the hardware
// applies the XOR swizzle to the full computed address (bits 4..6 ^= bits 7..9), so an
// unswizzled byte offset added to the start picks the right chunks in every row. The same
// as CUTLASS's DescriptorIterator, which adds k offsets (in 16-byte units) to the
// descriptor. Sub-tiles in M / N (e.g. the second m64 half of a 128-row A) start at
// row0 * 128 bytes with row0 a multiple of 8, which keeps the 1024-byte alignment.
__device__ __forceinline__ std::uint64_t sw128_desc(const void* tile_1024_aligned) {
  const unsigned addr = detail::smem_addr(tile_1024_aligned);
  return static_cast<std::uint64_t>((addr & 0x3FFFFu) >> 4) | (static_cast<std::uint64_t>(1) << 16) |
         (static_cast<std::uint64_t>(1024 >> 4) << 32) | (static_cast<std::uint64_t>(1) << 62);
}
// The descriptor of k16 step s (0..3) of a tile whose step-0 descriptor is desc; row0 (a
// multiple of 8) selects a sub-tile of rows row0.. (M or N offset).
__host__ __device__ constexpr std::uint64_t sw128_desc_at(std::uint64_t desc, unsigned row0, unsigned k16) {
  return desc + ((row0 * 128u + k16 * 32u) >> 4);
}

// One wgmma.mma_async.sync.aligned.m64n{N}k16.f32.bf16.bf16 from two shared descriptors,
// both K-major (imm-trans-a = imm-trans-b = 0), no negation (imm-scale 1): d = A B^T + d
// when accumulate, d = A B^T otherwise (scale-d predicate; PTX ISA, wgmma.mma_async).
// Asynchronous: the result is in d only after wgmma_commit() + wgmma_wait<..>(). The
// accumulator layout is sm90.cuh's wgmma_c (N / 2 floats per thread); the instruction is
// sm90.cuh's detail::Wgmma (scale-d from a register).
template <int N>
__device__ __forceinline__ void wgmma_bf16_ss(float* d, std::uint64_t a_desc, std::uint64_t b_desc, bool accumulate) {
  static_assert(N == 128 || N == 256, "wgmma_bf16_ss: N = 128 or 256 (validated shapes)");
  detail::Wgmma<N, __nv_bfloat16>::issue(d, a_desc, b_desc, accumulate ? 1 : 0);
}

// ------------------------------------------------------------------ setmaxnreg
// Per-warpgroup register reallocation (PTX ISA, setmaxnreg; sm_90a): all threads of a
// warpgroup, converged; R in 24 .. 256, a multiple of 8. dec releases registers to the
// CTA's pool, inc blocks until the pool has enough. Only honoured when the kernel has a
// register cap at entry (__launch_bounds__(threads, 1) or -maxrregcount) and each role is
// one branch of an if/else; otherwise ptxas warns (C7508) and ignores it. Budget: the sum
// over warpgroups of 128 x R must not exceed what the CTA was launched with (e.g. 3
// warpgroups at 168: producer dec<40>, two consumers inc<232>: 128 (40 + 2 x 232) =
// 64512 = 3 x 128 x 168).
template <int R>
__device__ __forceinline__ void setmaxnreg_inc() {
  static_assert(R >= 24 && R <= 256 && R % 8 == 0, "setmaxnreg: 24..256, multiple of 8");
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(R));
}
template <int R>
__device__ __forceinline__ void setmaxnreg_dec() {
  static_assert(R >= 24 && R <= 256 && R % 8 == 0, "setmaxnreg: 24..256, multiple of 8");
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(R));
}

// ------------------------------------------------- exo/sm90.hpp's ring forms
// tma_load_sw128: position p of the ring is slot p % S; the copy announces its box's
// bytes on that slot's mbarrier (one arrival: exo-cuda initializes each slot with one
// arrival per copy that signals the ring) and the TMA completes them. Map: the tensor
// map's address, or a HintedMap (exo::l2_policy) whose copies carry its L2 policy.
template <class T, int R, int C, int S, class Map>
__device__ __forceinline__ void tma_load_swizzled(T (&dst)[R][C], Map map, int ld, int r0, int c0,
                                                  std::uint64_t (&ring)[S], int position);
template <class T, int R, int C, int S, class Map>
__device__ __forceinline__ void tma_load_sw128(T (&dst)[R][C], Map map, int ld, int r0, int c0,
                                               std::uint64_t (&ring)[S], int position) {
  static_assert(C * sizeof(T) == 128, "box rows of 128 bytes");
  tma_load_swizzled<T, R, C, S>(dst, map, ld, r0, c0, ring, position);
}

// tma_load_swizzled: the copy of tma_load_sw128 (above) for a tile of any swizzle (its
// tensor map has it).
template <class T, int R, int C, int S, class Map>
__device__ __forceinline__ void tma_load_swizzled(T (&dst)[R][C], Map map, int ld, int r0, int c0,
                                                  std::uint64_t (&ring)[S], int position) {
  static_assert(C * sizeof(T) == 128 || C * sizeof(T) == 64 || C * sizeof(T) == 32, "box rows of one swizzle row");
  (void)ld;
  std::uint64_t* bar = &ring[position % S];
  mbarrier_arrive_expect_tx(bar, static_cast<unsigned>(R * C * sizeof(T)));
  tma_load_2d(&dst[0][0], map, c0, r0, bar);
}

// tma_load_sw128_fill: the same copy; the tensor map (built from the tensor's extent)
// makes TMA fill the box's elements outside the tensor with zeros, and complete_tx still
// counts the whole box.
template <class T, int R, int C, int S, class Map>
__device__ __forceinline__ void tma_load_sw128_fill(T (&dst)[R][C], Map map, int /*rows*/, int ld, int r0,
                                                    int c0, std::uint64_t (&ring)[S], int position) {
  tma_load_sw128<T, R, C, S>(dst, map, ld, r0, c0, ring, position);
}

// tma_load (3-D boxes, exo/sm90.hpp): the box at (depth d0, row r0, column c0) of the
// 3-D tensor map, whose box is the tile (depth 1 for an R x C tile); the tile's bytes on
// the slot, as tma_load_swizzled.
template <class T, int D, int R, int C, int S, class Map>
__device__ __forceinline__ void tma_load_3d(T (&dst)[D][R][C], Map map, int /*depth*/, int /*rows*/,
                                            int /*ld*/, int d0, int r0, int c0, std::uint64_t (&ring)[S], int position) {
  static_assert(C * sizeof(T) == 128 || C * sizeof(T) == 64 || C * sizeof(T) == 32, "box rows of one swizzle row");
  std::uint64_t* bar = &ring[position % S];
  mbarrier_arrive_expect_tx(bar, static_cast<unsigned>(D * R * C * sizeof(T)));
  tma_load_3d_box(&dst[0][0][0], map, c0, r0, d0, bar);
}
template <class T, int R, int C, int S, class Map>
__device__ __forceinline__ void tma_load_3d(T (&dst)[R][C], Map map, int depth, int rows, int ld, int d0,
                                            int r0, int c0, std::uint64_t (&ring)[S], int position) {
  tma_load_3d<T, 1, R, C, S>(reinterpret_cast<T (&)[1][R][C]>(dst), map, depth, rows, ld, d0, r0, c0, ring, position);
}

// tma_load_sw128_multicast: the `shares` blocks of the cluster in `mask` each copy R /
// shares rows of the box (this block's share: rows share * R / shares ..) into the
// tile of every block in the mask, at the same offset (whole 8-row groups, so the
// 128-byte swizzle, a function of the shared address, lands as for the whole box; the
// tensor map's box is R / shares rows); each block announces the whole box's bytes on
// its own slot, which the shares complete. The mask and this block's share come from
// the printer (model/Multicast: the blocks of a 2-D cluster that copy the same box).
template <class T, int R, int C, int S, class Map>
__device__ __forceinline__ void tma_load_sw128_multicast(T (&dst)[R][C], Map map, int ld, int r0,
                                                         int c0, std::uint64_t (&ring)[S], int position,
                                                         std::uint16_t mask, int share, int shares) {
  static_assert(C * sizeof(T) == 128, "box rows of 128 bytes");
  (void)ld;  // the map carries the pitch
  const int rows = R / shares;
  std::uint64_t* bar = &ring[position % S];
  mbarrier_arrive_expect_tx(bar, static_cast<unsigned>(R * C * sizeof(T)));
  tma_load_2d_multicast(&dst[share * rows][0], map, c0, r0 + share * rows, bar, mask);
}
// The whole cluster: the block of rank r issues share r of n.
template <class T, int R, int C, int S, class Map>
__device__ __forceinline__ void tma_load_sw128_multicast(T (&dst)[R][C], Map map, int ld, int r0,
                                                         int c0, std::uint64_t (&ring)[S], int position) {
  const unsigned n = cluster_blocks();
  tma_load_sw128_multicast(dst, map, ld, r0, c0, ring, position, static_cast<std::uint16_t>((1u << n) - 1),
                           static_cast<int>(cluster_rank()), static_cast<int>(n));
}

// mbarrier_wait_ring: position p is slot p mod S in phase floor(p / S), whose parity the
// wait tests. Positions -S .. -1 are the phase before each slot's first (phase -1,
// parity 1), which a fresh mbarrier has completed: such a wait returns at once, as a
// producer's wait for the release of a slot's previous use does in a kernel's first
// tile (checker/ProverRings proves no wait is earlier than -S).
template <int S>
__device__ __forceinline__ void mbarrier_wait_ring(std::uint64_t (&ring)[S], int position) {
  const int phase = position >= 0 ? position / S : -((S - 1 - position) / S);
  mbarrier_wait(&ring[position - phase * S], static_cast<unsigned>(phase & 1));
}

// mbarrier_arrive_ring: one arrival (release at CTA scope) on position p's slot, which
// was initialized with the number of arriving threads.
template <int S>
__device__ __forceinline__ void mbarrier_arrive_ring(std::uint64_t (&ring)[S], int position) {
  mbarrier_arrive(&ring[position % S]);
}

// mbarrier_arrive_warp_ring: one arrival per warp on position p's slot (initialized with the
// number of arriving warps). __syncwarp orders every lane's earlier accesses before lane
// 0's arrival (bar.warp.sync is a memory barrier among the warp's lanes; the arrival
// releases at CTA scope, cumulatively); the arrival is predicated on the lane, not
// branched around, so ptxas sees no divergent path (C7518) in a wgmma loop.
template <int S>
__device__ __forceinline__ void mbarrier_arrive_warp_ring(std::uint64_t (&ring)[S], int position) {
  __syncwarp();
  asm volatile(
      "{\n .reg .pred p;\n setp.eq.u32 p, %1, 0;\n @p mbarrier.arrive.shared::cta.b64 _, [%0];\n}"
      ::"r"(detail::smem_addr(&ring[position % S])), "r"(detail::lane_id())
      : "memory");
}

// mbarrier_arrive_cluster_ring: one arrival on position p's slot of every block of the
// cluster, whose slots were initialized with the arrivals of all of them.
template <int S>
__device__ __forceinline__ void mbarrier_arrive_cluster_ring(std::uint64_t (&ring)[S], int position) {
  const unsigned n = cluster_blocks();
  for (unsigned rank = 0; rank < n; ++rank) mbarrier_arrive_cluster(&ring[position % S], rank);
}

// ------------------------------------------------- exo/sm90.hpp's swizzled-tile forms
// cp_async16_sw128: 16 bytes into row r, chunk c / 8 of a [[exo::shared(swizzle128)]]
// tile (row 0 of the tile 1024-byte aligned: exo-cuda places swizzled arrays so and
// their tiles are whole groups of 8 rows).
template <class T, int R, int C>
__device__ __forceinline__ void cp_async16_sw128(T (&dst)[R][C], int r, int c, const T* src, int off) {
  static_assert(sizeof(T) == 2 && C == 64, "a swizzled tile of 16-bit elements has rows of 64");
  char* row = reinterpret_cast<char*>(&dst[0][0]) + r * 128;
  const unsigned s = detail::smem_addr(row + ((((c >> 3) ^ r) & 7) << 4));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(src + off) : "memory");
}

// wgmma_async_sw128: wgmma_async_swizzled (below) on 128-byte rows.
template <int N, int KK, class T, int RA, int RB, int C>
__device__ __forceinline__ void wgmma_async_swizzled(float* d, const T (&a)[RA][C], int ar, int ac, const T (&b)[RB][C],
                                                     int br, int bc, bool accumulate);
template <int N, int KK, class T, int RA, int RB, int C>
__device__ __forceinline__ void wgmma_async_sw128(float* d, const T (&a)[RA][C], int ar, int ac, const T (&b)[RB][C],
                                                  int br, int bc, bool accumulate) {
  static_assert(C * sizeof(T) == 128, "swizzled rows of 128 bytes");
  wgmma_async_swizzled<N, KK, T, RA, RB, C>(d, a, ar, ac, b, br, bc, accumulate);
}

// The K-major swizzled descriptor of a tile whose rows are W = 128, 64 or 32 bytes (the
// swizzle of the same width): as sw128_desc with the stride between 8-row groups 8 W
// bytes and layout type 1 (128B), 2 (64B) or 3 (32B) (PTX ISA, "Matrix Descriptor
// Format"; CUTLASS's GMMA::LayoutType). The tile's row 0 starts at a multiple of 8 W
// bytes (the swizzle pattern's period), so the base offset is 0; k steps inside the row
// advance the start address, as for 128 bytes.
template <int W>
__device__ __forceinline__ std::uint64_t swizzled_desc(const void* tile) {
  static_assert(W == 128 || W == 64 || W == 32, "swizzle rows of 128, 64 or 32 bytes");
  constexpr std::uint64_t layout = W == 128 ? 1 : W == 64 ? 2 : 3;
  const unsigned addr = detail::smem_addr(tile);
  return static_cast<std::uint64_t>((addr & 0x3FFFFu) >> 4) | (static_cast<std::uint64_t>(1) << 16) |
         (static_cast<std::uint64_t>((8 * W) >> 4) << 32) | (layout << 62);
}

// wgmma_async_swizzled: fence, the KK / step wgmma.mma_async from the swizzled
// descriptors of tiles of rows of W = C * sizeof(T) bytes (step s starts 32 s bytes
// further along the rows: 16 bf16 / f16 or 8 tf32), one commit; the first step
// overwrites d unless `accumulate`. f32 tiles are multiplied as tf32 (Wgmma<N, float>:
// k8), the hardware keeping each float's top 19 bits.
template <int N, int KK, class T, int RA, int RB, int C>
__device__ __forceinline__ void wgmma_async_swizzled(float* d, const T (&a)[RA][C], int ar, int ac, const T (&b)[RB][C],
                                                     int br, int bc, bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(std::is_same_v<T, __nv_bfloat16> || std::is_same_v<T, __half> || std::is_same_v<T, float>,
                "wgmma multiplies bf16, f16 or f32 as tf32");
  constexpr int W = C * sizeof(T);
  constexpr int step = sizeof(T) == 4 ? 8 : 16;  // elements per 32-byte k step
  static_assert(KK % step == 0 && KK > 0 && KK <= C, "wgmma k steps inside one row");
  detail::fence_slots<N / 2>(d);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  const std::uint64_t da = swizzled_desc<W>(&a[ar][ac]), db = swizzled_desc<W>(&b[br][bc]);
  detail::Wgmma<N, T>::issue(d, da, db, accumulate ? 1 : 0);
#pragma unroll
  for (int s = 1; s < KK / step; ++s) detail::Wgmma<N, T>::issue(d, da + 2u * s, db + 2u * s);  // + 32 s bytes
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}


// ------------------------------------------------------- wgmma with A from registers
// A fragment (wgmma_a, 16-bit): slot s of lane l of warp w of the warpgroup is row
// 16w + l/4 + 8((s/2)%2), column 16(s/8) + 2(l%4) + 8((s/4)%2) + s%2 (model/Fragment.cpp);
// wgmma_a_tf32: row 16w + l/4 + 8(s%2), column 8(s/4) + l%4 + 4((s/2)%2). A k step's
// four 32-bit registers are its slots in order: (a0 a1) .. (a6 a7) for 16-bit, a0 .. a3
// for tf32 (PTX ISA, "wgmma register fragment for matrix A").
namespace detail {
// Byte b of row r of a tile of W-byte rows in the swizzle of that width, from the tile's
// start (aligned to the pattern's period, 8 W bytes): address bits 4 .. XOR bits 7 ..
// (docs/sm90-async-facts.md).
template <int W>
__device__ __forceinline__ unsigned swizzled_offset(int r, int b) {
  const unsigned o = static_cast<unsigned>(r * W + b);
  return o ^ (((o >> 7) & static_cast<unsigned>(W / 16 - 1)) << 4);
}
template <class T>
__device__ __forceinline__ std::uint32_t bits16(T x) {
  unsigned short u;
  memcpy(&u, &x, 2);
  return u;
}
}  // namespace detail

// wgmma_load_a: each thread loads its slots, two 16-bit elements (one 32-bit word) at a
// time, from the swizzled tile (ac even keeps a pair inside a chunk).
template <class T, int KK, int R, int C>
__device__ __forceinline__ void wgmma_load_a(T* a, const T (&tile)[R][C], int ar, int ac) {
  static_assert(sizeof(T) == 2 && KK % 16 == 0, "a bf16 / f16 fragment of k16 steps");
  constexpr int W = C * sizeof(T);
  const int l = static_cast<int>(detail::lane_id()), w = static_cast<int>(detail::warp_in_warpgroup());
  const unsigned char* base = reinterpret_cast<const unsigned char*>(&tile[0][0]);
  struct Pair {
    T x, y;
  };
#pragma unroll
  for (int s = 0; s < KK / 2; s += 2) {
    const int r = ar + 16 * w + (l >> 2) + 8 * ((s / 2) % 2), c = ac + 16 * (s / 8) + 2 * (l & 3) + 8 * ((s / 4) % 2);
    const Pair p = *reinterpret_cast<const Pair*>(base + detail::swizzled_offset<W>(r, c * 2));
    a[s] = p.x;
    a[s + 1] = p.y;
  }
}
template <int KK, int R, int C>
__device__ __forceinline__ void wgmma_load_a(float* a, const float (&tile)[R][C], int ar, int ac) {
  static_assert(KK % 8 == 0, "a tf32 fragment of k8 steps");
  constexpr int W = C * 4;
  const int l = static_cast<int>(detail::lane_id()), w = static_cast<int>(detail::warp_in_warpgroup());
  const unsigned char* base = reinterpret_cast<const unsigned char*>(&tile[0][0]);
#pragma unroll
  for (int s = 0; s < KK / 2; ++s) {
    const int r = ar + 16 * w + (l >> 2) + 8 * (s % 2), c = ac + 8 * (s / 4) + (l & 3) + 4 * ((s / 2) % 2);
    a[s] = *reinterpret_cast<const float*>(base + detail::swizzled_offset<W>(r, c * 4));
  }
}

// wgmma_a_from_c: the accumulator's slots of columns c0 .. c0 + KK - 1 are the fragment's
// slots in order (the same places), converted.
template <class T, int KK, int N>
__device__ __forceinline__ void wgmma_a_from_c(T* a, const float* d, int c0) {
  static_assert(sizeof(T) == 2 && KK % 16 == 0 && KK <= N, "a bf16 / f16 fragment of k16 steps");
#pragma unroll
  for (int s = 0; s < KK / 2; ++s) a[s] = detail::from_float<T>(d[(c0 / 8) * 4 + s]);
}

// wgmma_async_rs: fence, the KK / step wgmma.mma_async with A's registers and B's
// swizzled descriptor (step s 32 s bytes along b's rows), one commit; the first step
// overwrites d unless `accumulate`. ptxas keeps A's registers for the tensor core until
// the wait (the wgmma reads them asynchronously; the prover checks that the program does
// not write them before).
namespace detail {
// The fences, the STEPS wgmma of A's packed registers `r` with B's descriptors (step s
// 32 s bytes along b's rows) and one commit. A's registers are packed before
// wgmma.fence (PTX ISA: the fence orders the thread's register writes before the wgmma
// that reads them).
template <int N, class T, int STEPS>
__device__ __forceinline__ void wgmma_rs_issue(float* d, const std::uint32_t (&r)[STEPS][4], std::uint64_t db,
                                               bool accumulate) {
  fence_slots<N / 2>(d);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
  for (int s = 0; s < STEPS; ++s) WgmmaRs<N, T>::issue(d, r[s], db + 2u * s, s == 0 && !accumulate ? 0 : 1);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}
}  // namespace detail

template <int N, class T, int KK, int RB, int C>
__device__ __forceinline__ void wgmma_async_rs(float* d, const T* a, const T (&b)[RB][C], int br, int bc, bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(std::is_same_v<T, __nv_bfloat16> || std::is_same_v<T, __half>, "wgmma multiplies bf16 or f16");
  static_assert(KK % 16 == 0 && KK > 0 && KK <= C, "k16 steps inside one row of b");
  std::uint32_t r[KK / 16][4];  // a k16 step: (a0 a1) .. (a6 a7)
#pragma unroll
  for (int s = 0; s < KK / 16; ++s)
#pragma unroll
    for (int j = 0; j < 4; ++j) r[s][j] = detail::bits16(a[8 * s + 2 * j]) | (detail::bits16(a[8 * s + 2 * j + 1]) << 16);
  detail::wgmma_rs_issue<N, T>(d, r, swizzled_desc<C * sizeof(T)>(&b[br][bc]), accumulate);
}
template <int N, int KK, int RB, int C>
__device__ __forceinline__ void wgmma_async_rs(float* d, const float* a, const float (&b)[RB][C], int br, int bc,
                                               bool accumulate) {
  static_assert(N % 8 == 0 && N >= 8 && N <= 256, "wgmma n is a multiple of 8 up to 256");
  static_assert(KK % 8 == 0 && KK > 0 && KK <= C, "k8 steps inside one row of b");
  std::uint32_t r[KK / 8][4];  // a k8 step: a0 .. a3
#pragma unroll
  for (int s = 0; s < KK / 8; ++s)
#pragma unroll
    for (int j = 0; j < 4; ++j) r[s][j] = __float_as_uint(a[4 * s + j]);
  detail::wgmma_rs_issue<N, float>(d, r, swizzled_desc<C * 4>(&b[br][bc]), accumulate);
}

// ------------------------------------------------------------ the TMA epilogue
// wgmma_store_tma / wgmma_store_add_tma: the accumulator's 64 x W slices through the
// shared tile `stage`. Per slice: each thread writes its elements (slot s of lane l of
// warp w: row 16w + l/4 + 8((s/2)%2), column 8(s/4) + 2(l%4) + s%2, as wgmma_store), fences
// them into the async proxy (fence.proxy.async.shared::cta: TMA reads shared memory
// through it), the warpgroup meets at its named barrier (the kernel's warpgroup barrier:
// bar 1 + warpgroup, 128 threads), and its first thread issues the bulk tensor store or
// reduction of the slice and commits it. Before the next slice overwrites `stage` that
// thread waits until TMA has read it (wait_group.read 0) and the warpgroup meets again;
// after the last it waits for the writes themselves (wait_group 0: done when the call
// returns), and the warpgroup meets once more so that `stage` is free.
// PTX ISA: cp.async.bulk.tensor (.global.shared::cta, .bulk_group), cp.reduce.async.bulk.tensor
// (.add), cp.async.bulk.commit_group / wait_group[.read], fence.proxy.async.
namespace detail {
__device__ __forceinline__ void warpgroup_bar() {
  asm volatile("bar.sync %0, 128;" ::"r"(1 + (threadIdx.x >> 7)) : "memory");
}
template <bool Add>
__device__ __forceinline__ void tma_store_2d(const CUtensorMap* map, const void* smem_src, int c0, int c1) {
  if constexpr (Add)
    asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.bulk_group [%0, {%2, %3}], [%1];"
                 ::"l"(reinterpret_cast<std::uint64_t>(map)), "r"(detail::smem_addr(smem_src)), "r"(c0), "r"(c1)
                 : "memory");
  else
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];"
                 ::"l"(reinterpret_cast<std::uint64_t>(map)), "r"(detail::smem_addr(smem_src)), "r"(c0), "r"(c1)
                 : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}
template <bool Add, int N, int W>
__device__ __forceinline__ void wgmma_store_staged(const CUtensorMap* map, int r0, int c0, const float* d,
                                                   float (&stage)[64][W]) {
  static_assert(W % 8 == 0 && W <= 256 && N % W == 0, "slices of W columns, a multiple of 8, that divide N");
  const int l = static_cast<int>(lane_id()), w = static_cast<int>(warp_in_warpgroup());
  const bool issuer = (threadIdx.x & 127) == 0;
  float* p = &stage[16 * w + (l >> 2)][2 * (l & 3)];
  float* q = p + 8 * W;
#pragma unroll
  for (int slice = 0; slice < N / W; ++slice) {
    if (slice > 0) {
      if (issuer) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
      warpgroup_bar();
    }
#pragma unroll
    for (int nb = 0; nb < W / 8; ++nb) {
      const int s = 4 * (slice * (W / 8) + nb);
      *reinterpret_cast<float2*>(p + 8 * nb) = make_float2(d[s], d[s + 1]);
      *reinterpret_cast<float2*>(q + 8 * nb) = make_float2(d[s + 2], d[s + 3]);
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    warpgroup_bar();
    if (issuer) tma_store_2d<Add>(map, &stage[0][0], c0 + slice * W, r0);
  }
  if (issuer) asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  warpgroup_bar();
}
}  // namespace detail

template <int N, int W>
__device__ __forceinline__ void wgmma_store_tma(const CUtensorMap* C, int ld, int r0, int c0, const float* d,
                                                float (&stage)[64][W]) {
  (void)ld;  // the map carries the pitch
  detail::wgmma_store_staged<false, N, W>(C, r0, c0, d, stage);
}
template <int N, int W>
__device__ __forceinline__ void wgmma_store_add_tma(const CUtensorMap* C, int ld, int r0, int c0, const float* d,
                                                    float (&stage)[64][W]) {
  (void)ld;
  detail::wgmma_store_staged<true, N, W>(C, r0, c0, d, stage);
}

// ------------------------------------------------- the bulk-group queue (async epilogue)
// wgmma_stage: columns c0 .. c0 + W - 1 of the accumulator into `stage`, each thread its
// own elements (slot s of lane l of warp w: row 16w + l/4 + 8((s/2)%2), column 8(s/4) +
// 2(l%4) + s%2, as wgmma_store), two at a time; then fence.proxy.async.shared::cta, so
// that a TMA store ordered after this call by a barrier reads them (PTX ISA, "Async
// Proxy": the writing threads fence, then synchronise). c0 is a multiple of 8: the
// generated code unrolls the loop around the call, so the slot indices are constants
// and `d` stays in registers.
template <class T, int N, int W>
__device__ __forceinline__ void wgmma_stage(T (&stage)[64][W], const float* d, int c0) {
  static_assert(W % 8 == 0 && W <= N, "W columns, a multiple of 8");
  const int l = static_cast<int>(detail::lane_id()), w = static_cast<int>(detail::warp_in_warpgroup());
  T* p = &stage[16 * w + (l >> 2)][2 * (l & 3)];
  T* q = p + 8 * W;
#pragma unroll
  for (int nb = 0; nb < W / 8; ++nb) {
    const int s = 4 * (c0 / 8 + nb);
    if constexpr (sizeof(T) == 4) {
      *reinterpret_cast<float2*>(p + 8 * nb) = make_float2(d[s], d[s + 1]);
      *reinterpret_cast<float2*>(q + 8 * nb) = make_float2(d[s + 2], d[s + 3]);
    } else {
      p[8 * nb] = T(d[s]);
      p[8 * nb + 1] = T(d[s + 1]);
      q[8 * nb] = T(d[s + 2]);
      q[8 * nb + 1] = T(d[s + 3]);
    }
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// wgmma_stage_swizzled: wgmma_stage's writes at the swizzled addresses of a tile of
// B = W * sizeof(T)-byte rows (a pair of columns never crosses a 16-byte chunk).
template <class T, int N, int W>
__device__ __forceinline__ void wgmma_stage_swizzled(T (&stage)[64][W], const float* d, int c0) {
  static_assert(W % 8 == 0 && W <= N, "W columns, a multiple of 8");
  constexpr int B = W * sizeof(T);
  const int l = static_cast<int>(detail::lane_id()), w = static_cast<int>(detail::warp_in_warpgroup());
  unsigned char* base = reinterpret_cast<unsigned char*>(&stage[0][0]);
  const int r = 16 * w + (l >> 2);
#pragma unroll
  for (int nb = 0; nb < W / 8; ++nb) {
    const int s = 4 * (c0 / 8 + nb), c = 8 * nb + 2 * (l & 3);
    T* p = reinterpret_cast<T*>(base + detail::swizzled_offset<B>(r, c * static_cast<int>(sizeof(T))));
    T* q = reinterpret_cast<T*>(base + detail::swizzled_offset<B>(r + 8, c * static_cast<int>(sizeof(T))));
    if constexpr (sizeof(T) == 4) {
      *reinterpret_cast<float2*>(p) = make_float2(d[s], d[s + 1]);
      *reinterpret_cast<float2*>(q) = make_float2(d[s + 2], d[s + 3]);
    } else {
      p[0] = T(d[s]);
      p[1] = T(d[s + 1]);
      q[0] = T(d[s + 2]);
      q[1] = T(d[s + 3]);
    }
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// tma_store / tma_store_add: the tile into the box at (row r0, column c0) of the tensor
// map's tensor, joining the thread's open bulk group (PTX ISA: cp.async.bulk.tensor.2d
// .global.shared::cta.bulk_group, cp.reduce.async.bulk.tensor.2d ... .add).
template <class T, int R, int W>
__device__ __forceinline__ void tma_store(const CUtensorMap* C, int ld, int r0, int c0, const T (&tile)[R][W]) {
  (void)ld;  // the map carries the pitch
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];"
               ::"l"(reinterpret_cast<std::uint64_t>(C)), "r"(detail::smem_addr(&tile[0][0])), "r"(c0), "r"(r0)
               : "memory");
}
template <class T, int R, int W>
__device__ __forceinline__ void tma_store_add(const CUtensorMap* C, int ld, int r0, int c0, const T (&tile)[R][W]) {
  (void)ld;
  asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.bulk_group [%0, {%2, %3}], [%1];"
               ::"l"(reinterpret_cast<std::uint64_t>(C)), "r"(detail::smem_addr(&tile[0][0])), "r"(c0), "r"(r0)
               : "memory");
}
// tma_store into a 3-D tensor (exo/sm90.hpp): the box at (depth d0, row r0, column c0)
// (PTX ISA: cp.async.bulk.tensor.3d .global.shared::cta.bulk_group).
template <class T, int D, int R, int W>
__device__ __forceinline__ void tma_store_3d(const CUtensorMap* C, int /*depth*/, int /*rows*/, int /*ld*/, int d0, int r0,
                                             int c0, const T (&tile)[D][R][W]) {
  asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];"
               ::"l"(reinterpret_cast<std::uint64_t>(C)), "r"(detail::smem_addr(&tile[0][0][0])), "r"(c0), "r"(r0), "r"(d0)
               : "memory");
}
template <class T, int R, int W>
__device__ __forceinline__ void tma_store_3d(const CUtensorMap* C, int depth, int rows, int ld, int d0, int r0, int c0,
                                             const T (&tile)[R][W]) {
  tma_store_3d<T, 1, R, W>(C, depth, rows, ld, d0, r0, c0, reinterpret_cast<const T (&)[1][R][W]>(tile));
}
// tma_store_swizzled: the same bulk tensor store; the tensor map has the tile's swizzle.
template <class T, int R, int W>
__device__ __forceinline__ void tma_store_swizzled(const CUtensorMap* C, int ld, int r0, int c0, const T (&tile)[R][W]) {
  tma_store<T, R, W>(C, ld, r0, c0, tile);
}
template <class T, int R, int W>
__device__ __forceinline__ void tma_store_swizzled(const CUtensorMap* C, int depth, int rows, int ld, int d0, int r0, int c0,
                                                   const T (&tile)[R][W]) {
  tma_store_3d<T, R, W>(C, depth, rows, ld, d0, r0, c0, tile);
}
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void bulk_wait() {
  asm volatile("cp.async.bulk.wait_group %0;" ::"n"(N) : "memory");
}
template <int N>
__device__ __forceinline__ void bulk_wait_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(N) : "memory");
}
}  // namespace gpu

// ============================================================== host: tensor maps
namespace host {

// cuTensorMapEncodeTiled from the driver, through the runtime (no link-time -lcuda): by
// version (CUDA 12.5+; cudaGetDriverEntryPoint without a version is deprecated in 13.0)
// or the plain entry point before that. 12000 = the ABI of the v12000 prototype.
inline PFN_cuTensorMapEncodeTiled_v12000 tensor_map_encoder() {
  static PFN_cuTensorMapEncodeTiled_v12000 fn = [] {
    void* p = nullptr;
    cudaDriverEntryPointQueryResult q{};
#if CUDART_VERSION >= 12050
    cudaError_t e = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &q);
#else
    cudaError_t e = cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", &p, cudaEnableDefault, &q);
#endif
    return (e == cudaSuccess && q == cudaDriverEntryPointSuccess) ? reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(p)
                                                                  : nullptr;
  }();
  return fn;
}

// The tensor map's element type of T (TMA copies bits; the type sets the element size
// and what an out-of-bounds fill writes, a zero in every case here).
template <class T>
constexpr CUtensorMapDataType tensor_map_type() {
  if constexpr (std::is_same_v<T, __half>) return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  else if constexpr (std::is_same_v<T, float>) return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  else {
    static_assert(std::is_same_v<T, __nv_bfloat16>, "TMA tiles of __nv_bfloat16, __half or float");
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  }
}

// A 2-D row-major matrix of T (bf16, f16, f32) of rows x cols at base (row pitch in bytes), read in boxes
// of box_rows x box_cols. Dimension 0 of the map is the column (contiguous), dimension 1
// the row: tma_load_2d's c0 is a column, c1 a row. Constraints (CUDA driver API,
// cuTensorMapEncodeTiled): base 16-byte aligned; pitch a multiple of 16 and < 2^40; box
// sides 1..256; box_cols * 2 a multiple of 16; with swizzle128, box_cols * 2 <= 128 (64
// bf16: one swizzle row per box row). Out-of-bounds elements are filled with zeros
// (CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE; NAN_REQUEST_ZERO_FMA would fill NaN). L2 promotion
// 128B. Returns CUDA_SUCCESS or the encoder's error (CUDA_ERROR_NOT_FOUND when the entry
// point is missing).
template <class T>
inline CUresult make_tensor_map_2d_swizzled(CUtensorMap* map, const T* base, std::uint64_t rows, std::uint64_t cols,
                                            std::uint64_t row_pitch_bytes, std::uint32_t box_rows, std::uint32_t box_cols,
                                            int swizzle_bytes);
template <class T>
inline CUresult make_tensor_map_2d(CUtensorMap* map, const T* base, std::uint64_t rows, std::uint64_t cols,
                                   std::uint64_t row_pitch_bytes, std::uint32_t box_rows, std::uint32_t box_cols,
                                   bool swizzle128) {
  return make_tensor_map_2d_swizzled(map, base, rows, cols, row_pitch_bytes, box_rows, box_cols, swizzle128 ? 128 : 0);
}

// A tiled map of `rank` dimensions (innermost first; strides of dimensions 1 .. rank - 1
// in bytes) with the swizzle of `swizzle_bytes`: 128, 64, 32 or 0 (none).
template <class T>
inline CUresult encode_tiled(CUtensorMap* map, const T* base, cuuint32_t rank, const cuuint64_t* dims,
                             const cuuint64_t* strides, const cuuint32_t* box, int swizzle_bytes) {
  const CUtensorMapSwizzle swizzle = swizzle_bytes == 128 ? CU_TENSOR_MAP_SWIZZLE_128B
                                     : swizzle_bytes == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                                     : swizzle_bytes == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                                           : CU_TENSOR_MAP_SWIZZLE_NONE;
  if (swizzle == CU_TENSOR_MAP_SWIZZLE_NONE && swizzle_bytes != 0) return CUDA_ERROR_INVALID_VALUE;
  PFN_cuTensorMapEncodeTiled_v12000 encode = tensor_map_encoder();
  if (!encode) return CUDA_ERROR_NOT_FOUND;
  const cuuint32_t elem_strides[3] = {1, 1, 1};
  return encode(map, tensor_map_type<T>(), rank, const_cast<T*>(base), dims, strides, box, elem_strides,
                CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

// The same with the swizzle of `swizzle_bytes`: 128, 64 or 32 (a box row of that many
// bytes: [[exo::shared(swizzle128)]] / (swizzle64) / (swizzle32) tiles), or 0 (plain).
template <class T>
inline CUresult make_tensor_map_2d_swizzled(CUtensorMap* map, const T* base, std::uint64_t rows, std::uint64_t cols,
                                            std::uint64_t row_pitch_bytes, std::uint32_t box_rows, std::uint32_t box_cols,
                                            int swizzle_bytes) {
  const cuuint64_t dims[2] = {cols, rows};
  const cuuint64_t strides[1] = {row_pitch_bytes};  // dimension 0's stride is the element size, implied
  const cuuint32_t box[2] = {box_cols, box_rows};
  return encode_tiled(map, base, 2, dims, strides, box, swizzle_bytes);
}

// A 3-D row-major tensor of depth x rows x cols elements (a batch of matrices: row
// pitch cols elements, depth pitch rows x cols), read or written in boxes of
// box_depth x box_rows x box_cols: dimensions {column, row, depth}, innermost first,
// byte strides {cols * e, rows * cols * e}; the other rules are make_tensor_map_2d's.
template <class T>
inline CUresult make_tensor_map_3d_swizzled(CUtensorMap* map, const T* base, std::uint64_t depth, std::uint64_t rows,
                                            std::uint64_t cols, std::uint32_t box_depth, std::uint32_t box_rows,
                                            std::uint32_t box_cols, int swizzle_bytes) {
  const cuuint64_t dims[3] = {cols, rows, depth};
  const cuuint64_t strides[2] = {cols * sizeof(T), rows * cols * sizeof(T)};
  const cuuint32_t box[3] = {box_cols, box_rows, box_depth};
  return encode_tiled(map, base, 3, dims, strides, box, swizzle_bytes);
}

}  // namespace host
}  // namespace sm90
}  // namespace exo

#endif  // EXO_CUDA_SM90_ASYNC_CUH
