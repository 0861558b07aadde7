// Alignment of instruction operands: every `exo::aligned(element, bytes)` in an
// instruction's meaning holds at every call, for every size the assumes allow.
#pragma once

#include "checker/Prover.h"
#include "checker/ProverAccess.h"

namespace exo::checker {

/// Reports err_misaligned (with a replayed witness) or err_cannot_prove at the call.
void checkAlignments(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, model::DiagSink& sink);

}  // namespace exo::checker
