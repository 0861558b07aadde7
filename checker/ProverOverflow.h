// Signed integer overflow. The prover computes with mathematical integers; C++ leaves a
// signed result that does not fit its type undefined (and the GPU wraps it). So every
// signed `+ - * / << >>` and unary `-` of an index, a loop bound, a condition, an
// initializer the prover inlines, and of an exo::assume condition, is proven to stay in
// its C++ type for every size the assumes allow (an assume's: given the assumes before
// it, as the launcher evaluates them in order). docs/prover.md states the rule.
//
// Cheap first: a sound interval pass (each value's range from its loop bounds and the
// assumes' bounds on the parameters) settles most operations; only the rest are asked
// to Z3, in one incremental solver per kernel (push/pop, a small deterministic rlimit),
// each distinct (operation, context) question once.
#pragma once

#include "checker/Prover.h"
#include "checker/ProverAccess.h"

namespace exo::checker {

/// Reports err_overflow (with a replayed witness and a fix-it note that inserts a
/// bounding exo::assume) or err_cannot_prove at each operation that may overflow.
void checkOverflow(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, model::DiagSink& sink);

}  // namespace exo::checker
