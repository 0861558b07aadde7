// Collectives as data: the groups of threads a parallel loop splits and a barrier
// synchronizes. One row per collective; every pass that needs a collective's size,
// nesting order, barrier or group index reads this table (docs/instructions.md,
// "Collectives", says how to add a row).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace exo::model {

/// The rows of the table, in table order. LoopKind (Kernel.h) names a row as
/// Seq + 1 + row, a SyncScope is a row.
enum class CollectiveId { Block, Warpgroup, Warp, Thread, Cluster };

struct Collective {
  CollectiveId id;
  const char* name;  // the level's spelling in [[exo::parallel(name)]] / [[exo::sync(name)]]
  /// Threads in one copy of the collective: 0 = the CTA's thread count (block).
  /// A loop of a level with threads > 0 splits its collective into copies of it.
  int64_t threads;
  /// Nesting order, coarse to fine: a parallel loop only nests strictly finer levels.
  int rank;
  /// Loops of this level may nest loops of the same level and then need the threads
  /// of their body per iteration (thread loops multiply); `threads` is the smallest copy.
  bool nestsItself;
  /// The CTA is always made of whole copies (ThreadMapping rounds its size up), so
  /// a barrier of this scope may run at block level; otherwise only inside a loop of
  /// exactly this level.
  bool wholeInCta;
  /// A barrier of this scope in CUDA; nullptr: no barrier (exo::sync rejects it).
  const char* barrier;
  /// The barrier needs the EXO_NAMED_BARRIER preamble of the generated file.
  bool namedBarrier;
  /// A level of `[[exo::parallel(...)]]` loops and `[[exo::instr(...)]]`; false for the
  /// cluster, a barrier scope only (its blocks are a `block_in_cluster` loop's iterations).
  bool loopLevel;

  /// The copy of this collective that flat CTA thread `flat` belongs to (flat / threads;
  /// the whole CTA is copy 0 of a block).
  int64_t groupOf(int64_t flat) const { return threads > 0 ? flat / threads : 0; }
  /// Threads of one copy in a CTA of `ctaThreads`.
  int64_t copyThreads(int64_t ctaThreads) const { return threads > 0 ? threads : ctaThreads; }
  bool hasBarrier() const { return barrier != nullptr; }
};

/// The table: the loop levels coarse to fine (LoopKind(1 + row)), then the rows that
/// are barrier scopes only (the cluster).
const std::vector<Collective>& collectives();
const Collective& collective(CollectiveId id);
/// The row spelled `name`, or nullptr.
const Collective* findCollective(const std::string& name);
/// The names of the rows, for attribute parsing: the loop levels, or when `barriersOnly`
/// the rows with a barrier (the cluster too).
std::vector<std::string> collectiveNames(bool barriersOnly);
/// `[[exo::parallel(block_in_cluster)]]`: a block loop whose iterations are the blocks of
/// one thread-block cluster (not a row: a cluster's blocks are blocks, that loop only
/// groups them; Stmt::clusterBlocks).
inline constexpr const char* kClusterBlocksLevel = "block_in_cluster";
/// `[[exo::parallel(persistent)]]`: a block loop whose iterations (tiles) are walked by
/// a grid of one block per SM, each block running several in turn with the same shared
/// memory and rings (Stmt::persistent; docs/hopper.md, "Persistent kernels").
inline constexpr const char* kPersistentLevel = "persistent";
/// What `[[exo::parallel(...)]]` accepts: the rows' names, kClusterBlocksLevel and
/// kPersistentLevel.
std::vector<std::string> parallelLevelNames();
/// Threads of a CTA are a whole number of this (the largest wholeInCta copy).
int64_t ctaGranule();

/// May a barrier of `scope` run on every thread of a collective of level `running`?
/// (Not inside a loop that splits the scope; whole copies of the scope only.)
bool barrierAllowedIn(const Collective& running, const Collective& scope);

/// The smallest scope with a barrier whose one copy holds both flat threads.
const Collective& smallestCommonScope(int64_t flatA, int64_t flatB);

}  // namespace exo::model
