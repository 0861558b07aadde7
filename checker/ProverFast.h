// The prover's fast path: decides whether a kernel is proven, without reporting.
//
// It asks exactly the questions of the reporting path (the same formula builders), but
// in its own Z3 context, with one incremental solver (push/pop), and it skips the
// questions whose answer is already known:
//   * pairs whose constant indices differ (`s[0][..]` and `s[1][..]`) touch no common element;
//   * a plan ordered by a block barrier between the two accesses needs no solver;
//   * accesses are summarised once: two instances whose encodings are equal up to
//     renaming of their own atoms (the "shape") ask equal questions, so a question
//     proven for one pair of shapes is proven for every pair with those shapes;
//   * when one barrier is removed (unneeded-sync search), only the questions whose
//     ordering plan that barrier changes are asked again.
// A witness depends on the solver's history (atom numbering), so the fast path never
// reports: when it cannot prove the kernel, the reporting path runs as before, and the
// diagnostics are those it always gave.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "checker/ProverAccess.h"
#include "checker/ProverQuery.h"
#include "checker/ProverSyncs.h"
#include "model/Kernel.h"

namespace exo::checker {

class FastCheck {
public:
  FastCheck(const model::Kernel& k, const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits);

  /// True if every index is modelled, every access in bounds, every distributed register
  /// used by one thread, and no two accesses race or conflict across blocks. False: some
  /// question was satisfiable or undecided (the reporting path must run).
  bool proves();

  /// Greedily drops syncs whose removal keeps the kernel race-free; returns them in
  /// program order. Only for a kernel that is proven.
  std::vector<const model::Stmt*> unneededSyncs();

private:
  struct SiteInfo {
    bool used = false;  // instantiated (its index is modelled)
    Side a;             // the instance used as the first side (and in single-site checks)
    std::unique_ptr<Side> b;  // a second instance, for pairs of the site with itself
    int shape = -1;
    std::vector<int64_t> consts;  // constant index per dimension, kNotConst otherwise
  };
  static constexpr int64_t kNotConst = INT64_MIN;

  bool prepare();
  Side instance(size_t i, const std::string& tag, int* shape);
  const Side& second(size_t i);
  bool disjoint(size_t i, size_t j) const;
  bool boundsProven();
  bool registersProven();
  /// No race (and, if `crossBlocks`, no cross-block conflict) in the current sync state.
  /// With `before`: only the questions whose plan differs from the plan in `before`.
  bool racesProven(bool crossBlocks, const SyncsInEffect* before);

  const model::Kernel& k_;
  const KernelFacts& facts_;
  Queries q_;
  SyncsInEffect syncs_;
  std::vector<SiteInfo> sites_;
  std::vector<std::vector<size_t>> groups_;  // race candidates, by array
  std::unordered_map<std::string, int> shapes_;
  std::unordered_set<uint64_t> provenRaces_, provenCross_, provenRegs_, provenBounds_;
  bool prepared_ = false, prepareOk_ = false;
};

}  // namespace exo::checker
