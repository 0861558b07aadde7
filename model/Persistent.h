// Persistent kernels (`[[exo::parallel(persistent)]]` grid loops): one block runs several
// tiles in turn with the same shared memory and rings. The prover checks one tile as any
// block, then two consecutive tiles of one block: the model below (docs/prover.md,
// "Persistent kernels").
#pragma once

#include <map>
#include <memory>

#include "model/Kernel.h"

namespace exo::model {

/// A copy of `e` with the variables in `vars` replaced (the others kept).
ExprPtr cloneExpr(const ExprPtr& e, const std::map<const Var*, Var*>& vars);

/// Two consecutive tiles on one block, for the prover: the kernel with its block body
/// run twice in sequence. The second copy's loop variables and locals are new variables
/// (of the returned kernel), its shared and register arrays the first's (one block's
/// memory: their declarations are not repeated), its global pointers new ones that alias
/// nothing (the tiles are two different ones: the one-tile proof already showed that two
/// blocks never conflict in global memory), and each ring statement's position p
/// is p + the ring's period (Kernel::ringPeriods): positions continue where the first
/// tile's ended. Tile coordinates (the grid loops' variables) are the same in both:
/// checker/PersistentCheck requires that shared memory, rings and barriers never depend
/// on them, so every tile runs the same sequence of those. The returned kernel refers to
/// k's parameters, arrays and instructions: k must outlive it.
std::unique_ptr<Kernel> twoTiles(const Kernel& k);

}  // namespace exo::model
