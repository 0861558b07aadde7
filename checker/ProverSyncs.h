// Which syncs order two accesses: the sync scopes guaranteed to run between two points
// of the kernel, with syncs switched off (to find unneeded ones) or one pretended
// (to validate a fix-it), and whether a set of scopes covers two threads.
#pragma once

#include <set>
#include <vector>

#include <z3++.h>

#include "checker/ProverAccess.h"
#include "checker/ProverQuery.h"
#include "model/Kernel.h"

namespace exo::checker {

/// A barrier that runs only on some paths, decided on side `side` (0: the first access,
/// 1: the second) of the query, the side whose iteration the barrier shares:
///  - under `if (cond)` (`guard` is the If; or its else branch): it runs when the
///    condition, which is uniform over the barrier's collective, has value `branch`;
///  - in the body of a sequential loop with a symbolic trip count (`guard` is the For):
///    it runs when the loop's first iteration does, `lo < hi`.
struct ConditionalSync {
  const model::Stmt* guard = nullptr;
  bool branch = true;
  model::SyncScope scope = model::SyncScope::Block;
  int side = 0;
  bool operator==(const ConditionalSync& o) const {
    return guard == o.guard && branch == o.branch && scope == o.scope && side == o.side;
  }
};

/// The barriers of every iteration of a sequential loop on one side's path (not the
/// iteration of the access): they run between the two accesses when that side is not in
/// the loop's first iteration (side 1, the later access) or not in its last (side 0).
struct OtherIterationSyncs {
  const model::Stmt* loop = nullptr;
  uint32_t mask = 0;
  int side = 0;
  bool operator==(const OtherIterationSyncs& o) const { return loop == o.loop && mask == o.mask && side == o.side; }
};

/// A barrier under a uniform `if` directly in the body of a sequential loop around one
/// side's access, in another iteration than the access's: it runs between the two
/// accesses when the condition goes its way in some iteration before the later access
/// (side 1) or after the earlier one (side 0) that runs.
struct OtherIterationConditional {
  const model::Stmt* loop = nullptr;
  ConditionalSync sync;
  bool operator==(const OtherIterationConditional& o) const { return loop == o.loop && sync == o.sync; }
};

/// Which sync scopes are guaranteed to execute somewhere.
struct ScopeSet {
  uint32_t mask = 0;  // bit i: a barrier of row i of the collectives table
  /// Barriers that run only on the path where an `if` goes their way.
  std::vector<ConditionalSync> conditional;
  std::vector<OtherIterationSyncs> otherIterations;
  std::vector<OtherIterationConditional> otherConditional;
  bool operator==(const ScopeSet& o) const {
    return mask == o.mask && conditional == o.conditional && otherIterations == o.otherIterations &&
           otherConditional == o.otherConditional;
  }
  /// Only the mask: the fast path's answer cache can key on it.
  bool plain() const { return conditional.empty() && otherIterations.empty() && otherConditional.empty(); }
  bool has(model::SyncScope s) const { return mask >> static_cast<int>(s) & 1; }
  /// A barrier of the whole CTA, which orders every pair of its threads.
  bool block() const { return has(model::CollectiveId::Block); }
  int bits() const { return static_cast<int>(mask); }
  void add(model::SyncScope s) { mask |= 1u << static_cast<int>(s); }
  void merge(const ScopeSet& o) {
    mask |= o.mask;
    conditional.insert(conditional.end(), o.conditional.begin(), o.conditional.end());
    otherIterations.insert(otherIterations.end(), o.otherIterations.begin(), o.otherIterations.end());
    otherConditional.insert(otherConditional.end(), o.otherConditional.begin(), o.otherConditional.end());
  }
  bool any() const { return mask != 0; }
};

/// A sync the prover pretends exists (to validate a fix-it): before child `before`.
struct VirtualSync {
  const model::Stmt* container = nullptr;
  int before = 0;
  model::SyncScope scope = model::SyncScope::Block;
};

/// The kernel's syncs as the race check sees them: minus the disabled ones, plus the
/// virtual one (if its container is set).
class SyncsInEffect {
public:
  std::set<const model::Stmt*> disabled;
  VirtualSync virtualSync;

  /// Syncs that surely run when `st` runs.
  ScopeSet guaranteed(const model::Stmt* st) const;
  /// Syncs among the children of a Block at positions in (lo, hi), in half-steps:
  /// child j is at 2j, a virtual sync before child j at 2j - 1.
  /// A child that is an `if` adds the barriers of its branches as conditional ones,
  /// evaluated on `side`.
  ScopeSet syncsIn(const model::Stmt* blk, int lo2, int hi2, int side = 0) const;
  /// Syncs that run after (or before) the access within the same iteration of the
  /// loop whose body is at `from`, in parallel loops below the grid too (the thread's
  /// own iteration; `covered` then asks that the two threads share the scope's copy).
  ScopeSet syncsAround(const Path& p, size_t from, bool after, int side) const;
};

/// How two accesses A (first) and B are ordered in one case of their relative position:
/// iterations equal on their first `depth` common loops and, if `depth` names a common
/// loop, A's iteration of it before B's (see docs/prover.md, "Order"). Pure: no solver.
struct RacePlan {
  enum class Kind {
    Reversed,   // same iteration of every common loop and B runs first: the reversed pair covers it
    Unordered,  // nothing orders them (a parallel loop, or the two arms of an if)
    SeqLoop,    // `loop` sequential: ordered by `near` syncs, or by `all` when iterations are 2+ apart
    Straight,   // same iterations: ordered by the `near` syncs between them
  };
  Kind kind = Kind::Unordered;
  const model::Stmt* loop = nullptr;  // the common loop at `depth` (null when all are equal)
  ScopeSet near, all;
  const model::Stmt* fixContainer = nullptr;  // where one sync could order them (a Block)
  int fixBefore = 0;
  /// The accesses are in a cluster body's `block_in_cluster` loops: they may be two
  /// blocks', which a block barrier does not order (only the cluster's).
  bool blocksApart = false;

  /// Ordered whatever the solver says: the query would be `... && false`.
  bool trivially() const {
    const bool all = near.has(model::CollectiveId::Cluster) || (near.block() && !blocksApart);
    return kind == Kind::Reversed || ((kind == Kind::SeqLoop || kind == Kind::Straight) && all);
  }
  /// The same formula (the fix-it fields aside).
  bool sameAs(const RacePlan& o) const;
};

/// The loops enclosing both sites, outermost first.
std::vector<const model::Stmt*> commonLoops(const AccessSite& a, const AccessSite& b);
/// Length of the common prefix of two sites' paths.
size_t commonPrefix(const AccessSite& a, const AccessSite& b);

RacePlan planRace(const SyncsInEffect& syncs, const AccessSite& a, const AccessSite& b,
                  const std::vector<const model::Stmt*>& common, size_t prefix, size_t depth);

/// Which sync scopes may stand inside `container` (not in loops finer than them).
std::vector<model::SyncScope> allowedScopes(const Path& p, size_t upto);

/// Both accesses lie in one loop of `level` (where barriers that are not wholeInCta can stand).
bool inCommonLoop(const AccessSite& a, const AccessSite& b, model::LoopKind level);

/// The two sides' threads are ordered by a sync of a scope in `set` (adds the group
/// facts this needs to `s`).
z3::expr covered(Queries& q, const ScopeSet& set, const Side& a, const Side& b, z3::solver& s);

}  // namespace exo::checker
