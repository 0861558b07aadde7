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
  uint64_t pairsCompared = 0; // pairs of accesses the fast path compared (with or without a query)
  uint64_t overflowChecks = 0;  // signed operations checked for overflow
  uint64_t overflowSolved = 0;  // of them, the questions the intervals left to the solver
  uint64_t solverWork = 0;    // Z3 resource units spent (its deterministic "rlimit count")
  double seconds = 0;         // wall time of the proof
  double slowestQuerySeconds = 0;  // the longest single solver check (see ProverLimits::timeLimitSeconds)
  uint64_t timeCutoffs = 0;  // questions the wall-clock guard cut off ("unknown")

  /// Counts of another proof (a persistent kernel's two-tile one) added to these; its
  /// time is inside this proof's `seconds` already.
  void add(const ProverStats& o) {
    accessPairs += o.accessPairs;
    solverQueries += o.solverQueries;
    pairsCompared += o.pairsCompared;
    overflowChecks += o.overflowChecks;
    overflowSolved += o.overflowSolved;
    solverWork += o.solverWork;
    timeCutoffs += o.timeCutoffs;
    if (o.slowestQuerySeconds > slowestQuerySeconds) slowestQuerySeconds = o.slowestQuerySeconds;
  }
};

/// Deterministic bounds on the prover's work (never wall-clock: the verdict must not
/// depend on the machine's load). Reaching one ends in "cannot prove ... because the
/// kernel is too large to check within the limit".
struct ProverLimits {
  static constexpr uint64_t kDefaultMaxQueries = 200000;
  uint64_t maxQueries = kDefaultMaxQueries;  // solver queries per kernel
  /// Z3 resource units per kernel, all queries together (each query also has its own
  /// limit, ProverQuery.cpp): bounds the time of kernels whose every question is hard
  /// (non-linear index arithmetic), deterministically. About 10 s on this project's
  /// machines; a persistent warp-specialized GEMM with its TMA epilogue (two tiles
  /// proven together) takes about half.
  static constexpr uint64_t kDefaultMaxWork = 1000000000;
  uint64_t maxWork = kDefaultMaxWork;
  /// The wall-clock guard of each question (ProverQuery.cpp says why it exists and why it
  /// is far above what the resource limits allow). A question it cuts off answers
  /// "unknown", and the refusal gets note_solver_time_limit: the one verdict that can
  /// depend on the machine.
  static constexpr double kDefaultTimeLimitSeconds = 60;
  double timeLimitSeconds = kDefaultTimeLimitSeconds;  // > 0; Z3 counts whole milliseconds
  /// Access pairs compared without a query cost 1/kPairsPerQuery of a query each.
  static constexpr uint64_t kPairsPerQuery = 250;
  /// --check-shared-reads: reads of shared arrays must see a written value too
  /// (checker/ProverInitialized). Off by default: XOR swizzles and nested index maps of
  /// cooperative copies are not inverted yet, so some correct kernels are refused.
  bool sharedReads = false;
};

/// Z3's "timeout" of one question: whole milliseconds, at least 1 (0 would mean none).
unsigned timeLimitMilliseconds(const ProverLimits& limits);

/// --prover-time-limit's accepted range, seconds: above 0, at most a day.
bool validTimeLimit(double seconds);

/// Returns true if the kernel is proven; otherwise reports why (with witness notes and,
/// where one sync fixes it, a fix-it) and returns false.
bool proveKernel(const model::Kernel& k, model::DiagSink& sink, ProverStats* stats = nullptr,
                 const ProverLimits& limits = {});

}  // namespace exo::checker
