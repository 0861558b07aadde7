// The equivalence prover: proves, for every size allowed by the kernel's exo::assume
// facts, that the parallel execution computes what the sequential reading computes
// (race freedom, sync sufficiency, barrier convergence, bounds, register ownership).
// Runs after model::mapThreads and checkStructure succeeded.
#pragma once

#include <cstdint>

#include "model/Diagnostics.h"
#include "model/Kernel.h"

namespace exo::checker {

struct ProverStats {
  uint64_t accessPairs = 0;   // pairs of accesses examined
  uint64_t solverQueries = 0; // queries sent to the solver
  double seconds = 0;         // wall time of the proof
};

/// Returns true if the kernel is proven; otherwise reports why (with witness notes and,
/// where one sync fixes it, a fix-it) and returns false.
bool proveKernel(const model::Kernel& k, model::DiagSink& sink, ProverStats* stats = nullptr);

}  // namespace exo::checker
