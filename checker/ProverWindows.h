// Window operands of instruction calls (`acc[g][s]` passed as a tile): every index in
// its dimension's range, for every size the assumes allow. A meaning checks the elements
// it touches, but some touch none (wgmma_wait's body is empty), and the CUDA form still
// names the tile.
#pragma once

#include "checker/Prover.h"
#include "checker/ProverAccess.h"

namespace exo::checker {

/// Reports err_out_of_bounds (with a replayed witness) or err_cannot_prove at the operand.
void checkWindowBounds(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, model::DiagSink& sink);

}  // namespace exo::checker
