// Building and solving the prover's queries: the solver set-up, the two instantiated
// access sites ("sides") a query is about, and "same element" as a formula.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <z3++.h>

#include "checker/Prover.h"
#include "checker/ProverAccess.h"
#include "checker/ProverEncode.h"

namespace exo::checker {

enum class Verdict { Unsat, Sat, Unknown };

/// Thrown when the kernel needs more work than ProverLimits allow.
struct LimitReached {};

/// One instantiated access: the loops around it and its index values.
struct Side {
  const AccessSite* site = nullptr;
  int id = -1;  // unique per makeSide (copies share it: same atoms, same facts)
  Instance inst;
  std::vector<Poly> idx;
  /// A completion site's side: the issuing access's own side (its loops and indices),
  /// which a witness replays.
  std::shared_ptr<const Side> issue;
};

/// Whether a side is made by a cluster-wide statement (a TMA multicast's accesses, an
/// arrival on every block's ring), which stands for the same statement run by any block
/// of the cluster (checker/ClusterCheck: they run alike): ordering it needs an edge that
/// reaches the other blocks too, a cluster-wide ring signal, never a barrier or the
/// side's own thread. A completion site is not one (the waiting block completes it).
bool standsForOtherBlocks(const Side& s);

/// Both sides run in one block: true, except in a cluster body (Kernel::rankLoops),
/// where two sides of one cluster are in one block when their `block_in_cluster`
/// loops' iterations (the blocks' ranks) are equal.
z3::expr sameBlock(const Encoder& enc, const Side& a, const Side& b);

/// The Z3 context, the encoder over it and the statistics: what every check shares.
class Queries {
public:
  Queries(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits)
      : enc(ctx, facts), stats_(stats), limits_(limits) {}

  z3::context ctx;
  Encoder enc;

  /// A fresh solver holding the exo::assume facts.
  z3::solver newSolver();
  Verdict solve(z3::solver& s);
  void countPair() { ++stats_.accessPairs; }
  /// One pair compared by the fast path (the limit counts it).
  void countCompared();

  /// Incremental mode (the fast path): one solver holding the exo::assume facts, and
  /// each question asked in a push/pop scope; "in range" answers are cached per side.
  /// Only for verdicts: a witness depends on the solver's history.
  bool incremental = false;
  /// Asks the question that `build` adds, in a scope of the shared solver.
  template <class F>
  Verdict solveScoped(F&& build) {
    z3::solver& s = base();
    s.push();
    build(s);
    Verdict v = solve(s);
    s.pop();
    return v;
  }

  static void addFacts(z3::solver& s, const Instance& inst);

  /// Instantiates the loops around `s` (atoms named with `tag`) and encodes its indices.
  Side makeSide(const AccessSite& s, const std::string& tag);

  /// The flat thread index of a side's instance.
  z3::expr flat(const Side& s) const { return enc.toZ3(*s.inst.flat); }

  /// Both sides touch the same element (index by index).
  z3::expr sameElement(const Side& a, const Side& b);

  /// False when both sides are accesses of one issue of one instruction call (the same
  /// iterations of every loop around the call): that is one operation of the issuing
  /// collective, whatever lanes it uses, not two threads racing.
  z3::expr differentIssues(const Side& a, const Side& b);

  /// The flat index `idx` lies outside a row-major array of shape `extents`: idx < 0 or
  /// idx >= e1 * ... * en. Delinearized by a parameter extent (idx = Q * P + R with
  /// 0 <= R < P proven: then only Q is checked against the leading extents), which keeps
  /// `(row * K + col) < M * K` linear.
  z3::expr outsideExtent(const Poly& idx, const std::vector<Poly>& extents, const Side& side);

private:
  /// 0 <= r < P for every instance of `side`, P the atom `p` or, when p < 0, the constant `radix`.
  bool provenInRange(const Poly& r, int p, const Side& side, int64_t radix = 0);
  z3::expr equalIndex(const Poly& a, const Poly& b, const Side& sa, const Side& sb, int depth = 0);
  /// a == b for linear a, b split by a constant radix (see the definition); nullopt if no split applies.
  std::optional<z3::expr> equalByRadix(const Poly& a, const Poly& b, const Side& sa, const Side& sb, int depth);

  z3::solver& base();

  ProverStats& stats_;
  ProverLimits limits_;
  std::optional<z3::solver> base_;
  std::map<std::tuple<int, int, std::string>, bool> inRange_;  // incremental: (side, atom, poly)
  std::map<Z3_solver, uint64_t> workSeen_;  // each solver's work counter at its last check
  int sides_ = 0;
};

}  // namespace exo::checker
