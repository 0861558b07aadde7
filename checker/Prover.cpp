// Placeholder until the Z3 prover lands (issue 3): proves nothing, accepts everything.
#include "checker/Prover.h"

namespace exo::checker {
bool proveKernel(const model::Kernel&, model::DiagSink&, ProverStats*) { return true; }
}  // namespace exo::checker
