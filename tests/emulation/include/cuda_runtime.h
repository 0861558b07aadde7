// A CPU emulation of the small part of CUDA that exo-cuda's generated code uses, for
// tests only: the generated kernel runs with one OS thread per CUDA thread, exactly
// one running at a time. Between two barriers the threads of a block run to their
// next barrier in a chosen order (increasing or decreasing thread id), so a missing
// barrier or a wrong thread index changes the result, deterministically.
// Barriers of every scope (__syncthreads, __syncwarp, named warpgroup barriers) act as
// block-wide barriers among the threads still running: stronger than CUDA, which is
// fine for checking that the code computes the sequential result.
// Thread-block clusters (a kernel launched with launch_cluster, from __cluster_dims__):
// the n blocks of one cluster run together as one group of n x threads OS threads, one
// running at a time, each block with its own dynamic shared memory (block_smem()), its
// own blockIdx and threadIdx (thread_local). Every barrier, cluster_sync included, then
// acts on the whole group: stronger than CUDA again.
// The instructions of exo/sm80.hpp are emulated per lane by exo_emu_sm80.hpp (included
// at the end), and the 16-bit float types are exo/exo.hpp's CPU ones.
#pragma once

#define EXO_EMULATION 1
#include <exo/exo.hpp>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

#define __global__
#define __launch_bounds__(...)
#define __cluster_dims__(...)  // the launch says the cluster size (run_emulation.py)
#define __shared__ static
// A GNU attribute, not alignas: `static __align__(16) T a[..]` puts it among the
// decl-specifiers, where a standard attribute may not stand.
#define __align__(n) __attribute__((aligned(n)))
#define __device__
#define __host__
#define __forceinline__
#define __grid_constant__

using __nv_bfloat16 = exo::bf16;
using __half = exo::f16;

typedef int cudaError_t;
typedef void* cudaStream_t;
enum { cudaSuccess = 0, cudaErrorInvalidValue = 1 };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize };
template <class F>
inline cudaError_t cudaFuncSetAttribute(F, cudaFuncAttribute, int) { return cudaSuccess; }
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
// Persistent kernels launch one block per SM: two here, so that a block runs several
// tiles (its rings' positions continuing) in the emulated launches' small grids.
enum cudaDeviceAttr { cudaDevAttrMultiProcessorCount };
inline cudaError_t cudaGetDevice(int* d) { return *d = 0, cudaSuccess; }
inline cudaError_t cudaDeviceGetAttribute(int* v, cudaDeviceAttr, int) { return *v = 2, cudaSuccess; }
// The generated code broadcasts only warp-uniform values (a warp loop's iteration, lane
// 0's to all lanes): each lane's own value is lane 0's.
template <class T>
inline T __shfl_sync(unsigned, T v, int) { return v; }
// One emulated thread runs at a time between scheduling points: a plain addition is
// atomic. The overloads CUDA has (a kernel's [[exo::reduce(add)]] additions use them).
template <class T>
inline T exo_atomic_add(T* p, T v) {
  T old = *p;
  *p = static_cast<T>(old + v);
  return old;
}
inline int atomicAdd(int* p, int v) { return exo_atomic_add(p, v); }
inline unsigned atomicAdd(unsigned* p, unsigned v) { return exo_atomic_add(p, v); }
inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) { return exo_atomic_add(p, v); }
inline float atomicAdd(float* p, float v) { return exo_atomic_add(p, v); }
inline double atomicAdd(double* p, double v) { return exo_atomic_add(p, v); }
inline unsigned atomicCAS(unsigned* p, unsigned compare, unsigned value) {
  const unsigned old = *p;
  if (old == compare) *p = value;
  return old;
}
inline unsigned __float_as_uint(float f) {
  unsigned u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float __uint_as_float(unsigned u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

struct exo_dim3 {
  unsigned x = 0, y = 0, z = 0;
};
// A persistent cluster kernel's launcher asks how many clusters fit at once: one here
// (two SMs), so that a cluster runs several tiles.
struct dim3 : exo_dim3 {
  dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : exo_dim3{x_, y_, z_} {}
};
struct cudaLaunchAttribute;
struct cudaLaunchConfig_t {  // CUDA's members, in its order (the launcher initializes all six)
  dim3 gridDim, blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute* attrs;
  unsigned numAttrs;
};
template <class F>
inline cudaError_t cudaOccupancyMaxActiveClusters(int* clusters, F, const cudaLaunchConfig_t*) {
  return *clusters = 1, cudaSuccess;
}
inline thread_local exo_dim3 threadIdx;  // the thread's index inside its block
inline thread_local exo_dim3 blockIdx;   // per thread: a cluster's blocks run at once
inline exo_dim3 gridDim;                 // the running launch's

namespace exo_emu {

inline bool reverse = false;  // run order inside a barrier epoch

constexpr unsigned kMaxCluster = 16;  // blocks of one cluster (16: the non-portable maximum)
constexpr std::size_t kSmemBytes = 232448;  // a block's dynamic shared memory, at most (227 KB)
// The dynamic shared memory of the (one running) block, or of each block of the running
// cluster: 1024-byte aligned buffers (swizzled arrays), kSmemBytes = 227 x 1024 apart.
alignas(1024) inline unsigned char smem[kMaxCluster][kSmemBytes];

inline thread_local int me = -1;           // this thread's index in the running group (the scheduler's)
inline thread_local unsigned rank = 0;     // this thread's block in its cluster
inline thread_local unsigned clusterBlocks = 1;  // blocks of its cluster

inline unsigned char* block_smem() { return smem[rank]; }

struct Block {
  std::mutex mu;
  std::vector<std::condition_variable> cv;
  std::vector<int> state;  // 0 runnable, 1 waiting at a barrier, 2 finished, 3 waiting for `until`
  std::vector<std::function<bool()>> until;
  std::vector<int> order;
  int running = -1;
  int perBlock;  // threads of each block of the group (a cluster's blocks are consecutive)

  explicit Block(int n, int perBlock_ = 0) : cv(n), state(n, 0), until(n), perBlock(perBlock_ ? perBlock_ : n) {
    for (int i = 0; i < n; ++i) order.push_back(reverse ? n - 1 - i : i);
  }
  // Hands the processor to the next runnable thread, else to a thread whose awaited
  // condition (an mbarrier phase) now holds; opens the barrier when there is none.
  void next() {
    for (int t : order)
      if (state[t] == 0) return wake(t);
    for (int t : order)
      if (state[t] == 3 && until[t]()) return state[t] = 0, wake(t);
    bool any = false;
    for (int t : order)
      if (state[t] == 1) state[t] = 0, any = true;
    if (any) {
      for (int t : order)
        if (state[t] == 0) return wake(t);
    }
    for (int t : order)
      if (state[t] == 3) {
        if (static_cast<int>(state.size()) > perBlock)
          std::fprintf(stderr, "emulation: thread %d of the cluster's block %d", t % perBlock, t / perBlock);
        else
          std::fprintf(stderr, "emulation: thread %d", t);
        std::fprintf(stderr, " waits for an mbarrier phase that never completes (deadlock)\n");
        std::abort();
      }
  }
  void wake(int t) {
    running = t;
    cv[t].notify_one();
  }
  void wait(std::unique_lock<std::mutex>& l, int me) {
    cv[me].wait(l, [&] { return running == me; });
  }
};
inline Block* block = nullptr;

inline void barrier() {
  std::unique_lock<std::mutex> l(block->mu);
  block->state[me] = 1;
  block->next();
  block->wait(l, me);
}

/// Blocks the running thread until `cond` holds (an mbarrier wait), running the others.
inline void wait_until(const std::function<bool()>& cond) {
  if (cond()) return;
  std::unique_lock<std::mutex> l(block->mu);
  block->state[me] = 3;
  block->until[me] = cond;
  block->next();
  block->wait(l, me);
}

/// Runs `blocks` blocks of `threads` threads, by clusters of `cluster` consecutive blocks
/// (blockIdx.x = cluster index x `cluster` + rank, as CUDA numbers a 1-D grid's clusters):
/// the blocks of one cluster as one scheduling group, the clusters one after another.
template <class Body>
void launch_cluster(unsigned cluster, unsigned blocks, int threads, Body body) {
  if (cluster < 1 || cluster > kMaxCluster || blocks % cluster != 0) {
    std::fprintf(stderr, "emulation: %u blocks do not make clusters of %u\n", blocks, cluster);
    std::abort();
  }
  gridDim.x = blocks;
  gridDim.y = gridDim.z = 1;
  for (unsigned first = 0; first < blocks; first += cluster) {
    const int n = static_cast<int>(cluster) * threads;
    Block blk(n, threads);
    block = &blk;
    std::vector<std::thread> ts;
    for (int t = 0; t < n; ++t)
      ts.emplace_back([&, t] {
        me = t;
        rank = static_cast<unsigned>(t / threads);
        clusterBlocks = cluster;
        blockIdx.x = first + rank;
        threadIdx.x = static_cast<unsigned>(t % threads);
        {
          std::unique_lock<std::mutex> l(blk.mu);
          blk.wait(l, t);
        }
        body();
        std::unique_lock<std::mutex> l(blk.mu);
        blk.state[t] = 2;
        blk.next();
      });
    {
      std::unique_lock<std::mutex> l(blk.mu);
      blk.next();
    }
    for (std::thread& th : ts) th.join();
    block = nullptr;
  }
}

template <class Body>
void launch(unsigned blocks, int threads, Body body) {
  launch_cluster(1, blocks, threads, body);
}

}  // namespace exo_emu

// A launcher's launch (the generated `return cudaLaunchKernelEx(&exo_config, kernel,
// args...);`) of a kernel without a cluster: its blocks run here, one after another.
// run_emulation.py rewrites the launches of __cluster_dims__ kernels, whose cluster size
// this cannot see.
template <class... Params, class... Args>
inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config, void (*kernel)(Params...), Args&&... args) {
  exo_emu::launch(config->gridDim.x, static_cast<int>(config->blockDim.x), [&] { kernel(args...); });
  return cudaSuccess;
}

inline void __syncthreads() { exo_emu::barrier(); }
inline void __syncwarp() { exo_emu::barrier(); }
#define EXO_NAMED_BARRIER(id, threads) exo_emu::barrier()

// The CUDA forms of exo/sm80.hpp's instructions (exo::sm80::gpu::), emulated per lane.
// Included here and not only from exo/sm80.hpp: a test driver may have read that
// header (include guard set) before this one defined EXO_EMULATION.
#include "exo_emu_sm80.hpp"
#include "exo_emu_sm90.hpp"
