// Random small kernels for the prover cross-check: grid, optional warp layer, thread
// nests with random affine indices into a shared array and global arrays, random syncs
// (block or warp scope, or none), optional sequential loops (loop-carried reuse). The
// size is bounded by an assume (`n <= 4096`, ...) or not at all, and a global stride is
// sometimes 2^20..2^23: block offsets `b * stride` that overflow int for some allowed n.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "model/Kernel.h"

namespace exo::test {

struct RandomKernel {
  std::unique_ptr<model::Kernel> kernel;
  /// Parameter assignments the brute force should try (each satisfies the assumes).
  std::vector<std::map<const model::Var*, int64_t>> sizes;
  /// The largest sizes the assumes allow (empty: no parameter): index arithmetic that
  /// grows with the block overflows first in the last block there, if anywhere.
  std::map<const model::Var*, int64_t> largest;
  std::string text;  // a C-like rendering, for failure messages
};

/// Builds one random kernel (not yet thread-mapped).
RandomKernel randomKernel(std::mt19937& rng);
/// The same with asynchronous copies (an instruction on queue "q" whose meaning is the
/// copy global -> shared), block-wide commits and awaits of 0..2 groups in flight.
RandomKernel randomAsyncKernel(std::mt19937& rng);
/// Register and local arrays written and read in random orders (tests/support/
/// RandomInitKernel.cpp): partial or guarded initial fills, writes in one step only,
/// selects that start a sum, read-modify-writes; reads before any write are the bugs.
RandomKernel randomInitKernel(std::mt19937& rng);
/// A cluster body (tests/support/RandomClusterKernel.cpp): block_in_cluster loops over a
/// distributed shared array, with or without cluster and block barriers between them.
RandomKernel randomClusterKernel(std::mt19937& rng);

/// A warp-specialized mbarrier ring kernel in the shape of samples/hopper_gemm, with
/// plain shared-memory reads instead of wgmma:
///   for kt < n (assume n <= maxN):                      // sequential
///     parallel(warp|warpgroup) for g < 1 + consumers:
///       if (g == 0): parallel(thread) for tp < producerThreads:
///         [if (kt >= emptyWaitGuard)] wait(empty, kt + emptyWaitOffset)
///         rcopy(buf[(kt + copySlotOffset) % S], in, ..., full, kt + copyOffset)   // TMA-like
///       else:
///         [if (kt >= fullWaitGuard)] wait(full, kt + fullWaitOffset)
///         [arrive(empty, kt + arriveOffset)]            // before the reads (a bug) ...
///         parallel(thread) for t < width: out[...] = buf[(kt + readSlotOffset) % S][t]
///         [if (kt >= arriveGuard)] arrive(empty, kt + arriveOffset)   // ... or after
/// rcopy (AsyncRole IssueRing) copies `width` elements of `in` into a slot of `buf`;
/// the waits and arrivals are AwaitRing / ArriveRing instructions without meaning.
struct RingShape {
  int slots = 2;             // S: buf[S][width], full[S], empty[S]
  int consumers = 1;         // consumer groups (g = 1 .. consumers)
  bool warpgroups = false;   // the role loop is a warpgroup loop (else a warp loop)
  int width = 4;             // elements per slot, consumer threads per group
  int maxN = 4;              // assume(n >= 0 && n <= maxN); the brute force tries every n
  int blocks = 1;
  bool twoCopies = false;    // a second buffer copied in the same group (arrival count 2)
  int producerThreads = 1;   // threads that issue the copy (the prover requires 1)
  bool producerWaits = true;
  int emptyWaitOffset = -2;
  int emptyWaitGuard = 2;    // -1: no guard
  int copyOffset = 0;        // the copy signals position kt + copyOffset ...
  int copySlotOffset = 0;    // ... and writes slot (kt + copySlotOffset) % S
  bool consumerWaits = true;
  int fullWaitOffset = 0;
  int fullWaitGuard = -1;
  bool waitPerThread = false;  // the consumers' wait inside their thread loop (else per group)
  int readSlotOffset = 0;
  bool consumerWrites = false;  // consumers also write the slot (buf[..][t] += 1)
  enum class Arrive { None, BeforeReads, AfterReads, PerThread } arrive = Arrive::AfterReads;
  int arriveOffset = 0;
  int arriveGuard = -1;
  int consumerGuard = -1;  // if (kt >= c) around the whole consumer part
};
/// The kernel of a shape (deterministic); `text` is its source (see its first lines).
RandomKernel ringKernel(const RingShape& shape);
/// A random shape: mostly a correct protocol (the hopper_gemm release after the reads,
/// or one step late, or no empty ring when the ring holds every step), with random
/// mutations of positions, guards, placements and missing waits or arrivals.
RingShape randomRingShape(std::mt19937& rng);
RandomKernel randomRingKernel(std::mt19937& rng);

}  // namespace exo::test
