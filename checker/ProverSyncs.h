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

/// Which sync scopes are guaranteed to execute somewhere.
struct ScopeSet {
  bool block = false, warpgroup = false, warp = false;
  void add(model::SyncScope s);
  void merge(const ScopeSet& o);
  bool any() const { return block || warpgroup || warp; }
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
  ScopeSet syncsIn(const model::Stmt* blk, int lo2, int hi2) const;
  /// Syncs that run after (or before) the access within the same iteration of the
  /// loop whose body is at `from`, at the same collective level.
  ScopeSet syncsAround(const Path& p, size_t from, bool after) const;
};

/// Which sync scopes may stand inside `container` (not in loops finer than them).
std::vector<model::SyncScope> allowedScopes(const Path& p, size_t upto);

/// Both accesses lie in one warpgroup loop (where warpgroup barriers can stand).
bool inCommonWarpgroupLoop(const AccessSite& a, const AccessSite& b);

/// The two sides' threads are ordered by a sync of a scope in `set` (adds the group
/// facts this needs to `s`).
z3::expr covered(Queries& q, const ScopeSet& set, const Side& a, const Side& b, z3::solver& s);

}  // namespace exo::checker
