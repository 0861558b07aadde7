// Preconditions of instructions: every `exo::expects(cond)` in an instruction's meaning
// holds at every call, for every size the assumes allow (docs/instructions.md,
// "Preconditions").
#pragma once

#include "checker/Prover.h"
#include "checker/ProverAccess.h"

namespace exo::checker {

/// Reports err_instr_expects (with a replayed witness) or err_cannot_prove at the call.
void checkExpects(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, model::DiagSink& sink);

}  // namespace exo::checker
