// Asynchronous completion (docs/hopper.md, section 1): an asynchronous instruction's
// accesses happen at some moment between its call (the issue) and the await that
// completes its group. The race check already orders every earlier access before the
// issue; this check adds the other end:
//   - completion: every await that completes an issue is found from the queue's group
//     arithmetic (checker/ProverAsync.cpp); an issue that no await completes is an error;
//   - in flight: no conflicting access runs, sequentially, between the issue and its
//     completion (not even in the issuing thread);
//   - after: every later conflicting access is ordered after the completing await, by
//     program order or barriers, as the race check orders two accesses.
// Instructions completed by an mbarrier ring position (TMA) are checked by
// checker/ProverRings, which this check runs.
#pragma once

#include <set>

#include "checker/ProverAccess.h"
#include "checker/ProverQuery.h"
#include "checker/ProverRaces.h"
#include "model/Diagnostics.h"

namespace exo::checker {

/// Does the kernel issue asynchronous instructions?
bool hasAsync(const KernelFacts& facts);

/// Runs the three checks above on every asynchronous access; reports through `sink`.
void checkAsync(const KernelFacts& facts, Queries& q, RaceCheck& races, model::DiagSink& sink,
                const std::set<const AccessSite*>& bad);

}  // namespace exo::checker
