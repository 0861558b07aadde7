// Persistent kernels: the periods of their rings and two consecutive tiles on one block
// (checker/ProverPersistent.cpp says why that covers all of them).
#pragma once

#include <functional>

#include "checker/Prover.h"
#include "model/Diagnostics.h"
#include "model/Kernel.h"

namespace exo::checker {

/// After one tile is proven: proves each ring's period (model::Kernel::ringPeriods) and
/// runs `prove` on the two-tile model (model::twoTiles). Reports and returns false on failure.
bool provePersistent(const model::Kernel& k, model::DiagSink& sink,
                     const std::function<bool(const model::Kernel&, model::DiagSink&)>& prove, ProverStats& stats,
                     const ProverLimits& limits);

}  // namespace exo::checker
