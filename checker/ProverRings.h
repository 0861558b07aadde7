// mbarrier rings (TMA): the protocol of every ring (arrivals, waits that return, no
// phase aliasing) and the rule for the accesses after a TMA copy (docs/hopper.md, "As
// built (rings)"). Called by checker/ProverAsync.
#pragma once

#include <memory>
#include <set>
#include <vector>

#include "checker/ProverAccess.h"
#include "checker/ProverQuery.h"
#include "model/Diagnostics.h"

namespace exo::checker {

class RingCheck;

/// Owns the ring checker of one kernel (its state lives as long as the reports).
class RingChecks {
public:
  RingChecks(const KernelFacts& facts, Queries& q, model::DiagSink& sink, const std::set<const AccessSite*>& bad);
  ~RingChecks();
  /// R2 .. R4 for every ring of the kernel.
  void checkRings();
  /// R1 for one access of a TMA copy; throws Unprovable (checker/ProverAsyncBase.h).
  void checkAccess(const AccessSite& x, std::set<const model::Stmt*>& reported);

private:
  std::unique_ptr<RingCheck> impl_;
};

}  // namespace exo::checker
