// Brute-force reference checker, used only by tests: runs the sequential reading of a
// kernel at concrete parameter values, tracks which thread of which CTA touched every
// element in which sync epoch, and reports what the prover must reject.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "model/Kernel.h"

namespace exo::test {

struct BruteResult {
  bool race = false;           // two threads of one CTA, no covering sync between
  bool crossBlock = false;     // two CTAs touch one global element, one writes
  bool outOfBounds = false;    // shared/registers/local index outside its extent
  bool registerOwner = false;  // two threads touch one distributed register element
  bool tooLong = false;        // gave up (step limit)
  bool undefined = false;      // C++ undefined behaviour (signed overflow, ...): no meaning to compare
  bool notAwaited = false;     // an asynchronous access still in flight when its CTA ends
  std::string detail;          // the first problem, for test messages
  bool bad() const { return race || crossBlock || outOfBounds || registerOwner || notAwaited; }
};

/// Interprets k (already thread-mapped) with the given integer parameter values.
/// Asynchronous instructions (model::AsyncRole) run as the hardware may run them: each
/// access of an issue happens at some moment up to the await that completes its group,
/// so any conflicting access in between is a race, and later ones must be ordered after
/// that await.
/// Index expressions must not read memory (memory contents are not modelled).
/// `lastBlockOnly`: runs only the last iteration of each block loop (the largest block
/// offsets: where index arithmetic that grows with the block overflows first), without
/// enumerating the others.
BruteResult bruteForce(const model::Kernel& k, const std::map<const model::Var*, int64_t>& params,
                       int64_t maxAccesses = 2'000'000, bool lastBlockOnly = false);

}  // namespace exo::test
