// mbarrier rings (exo/sm90.hpp: tma_load_sw128, mbarrier_wait): what a ring statement
// names, and how a ring's copies group. The grouping fixes each slot's arrival count,
// which the CUDA printer initializes and checker/ProverRings proves: one place for both.
#pragma once

#include <vector>

#include "model/Kernel.h"

namespace exo::model {

/// A ring statement's ring (its second-to-last operand) and position (its last).
const Var* ringOf(const Stmt& call);
const Expr& ringPosition(const Stmt& call);

/// The TMA copies (async_ring calls) that signal `ring`, in groups: the calls in one block
/// with the same position expression. Each position is signalled by one group, so a
/// slot's arrival count is a group's size (the prover checks that all have one size).
std::vector<std::vector<const Stmt*>> ringCopyGroups(const Kernel& k, const Var& ring);

}  // namespace exo::model
