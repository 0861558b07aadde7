// Race freedom and sync sufficiency: for every pair of accesses to one array (one
// writing), no two threads of a CTA touch the same element unordered by a sync, and no
// two blocks touch the same global element. Also proposes one-sync fix-its and finds
// syncs that order nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "checker/ProverAccess.h"
#include "checker/ProverQuery.h"
#include "checker/ProverSyncs.h"
#include "model/Diagnostics.h"
#include "model/Kernel.h"

namespace exo::checker {

/// The race question for one case of two sides' relative position; false when the plan
/// needs no question. Both the reporting and the fast path build their queries here.
bool addRaceFormula(Queries& q, z3::solver& s, const model::Kernel& k, const Side& a, const Side& b,
                    const std::vector<const model::Stmt*>& common, size_t depth, const RacePlan& plan);
/// The cross-block question: two different blocks touch the same element.
void addCrossBlockFormula(Queries& q, z3::solver& s, const model::Kernel& k, const Side& a, const Side& b);

/// A one-sync fix-it: the barrier's scope and the statement it goes before.
struct ProposedSync {
  model::SyncScope scope;
  model::SrcLoc at;
};

class RaceCheck {
public:
  /// `bad`: sites whose indices cannot be modelled (skipped); filled by the caller
  /// before `run`.
  RaceCheck(const model::Kernel& k, const KernelFacts& facts, Queries& q, model::DiagSink& sink,
            const std::set<const AccessSite*>& bad)
      : k_(k), facts_(facts), q_(q), sink_(sink), bad_(bad) {}

  /// Checks and reports every pair of sites.
  void run() { races(true, true); }
  /// A completion site of an asynchronous access (checker/ProverAsync) against every
  /// site that runs after it: each must be ordered after the completing await.
  void racesAfterCompletion(const AccessSite& completion, const Side& side);

private:
  /// Where and how two accesses are ordered, for one case of their relative position.
  struct Scenario {
    int depth = 0;          // number of common loops whose iterations are equal
    bool sameCta = true;
    const model::Stmt* fixContainer = nullptr;  // where one sync could order them (Block)
    int fixBefore = 0;
  };

  struct PairQuery {
    Verdict verdict = Verdict::Unsat;
    std::optional<z3::model> model;
    Side a, b;
    ScopeSet near;  // the barriers between the accesses the query found not to run
  };

  int races(bool report, bool crossBlocks);
  /// `sides`: the instantiated sites to use; null: fresh ones.
  PairQuery raceQuery(const AccessSite& A, const AccessSite& B, size_t depth, Scenario& sc,
                      const std::pair<Side, Side>* sides = nullptr);
  bool crossBlock(const AccessSite& A, const AccessSite& B, bool report);
  void reportClusterRace(PairQuery& q);
  /// True when it suggested `[[exo::reduce(add)]]` (both sites are a kernel's own `+=`).
  bool noteAtomicMixed(const AccessSite& A, const AccessSite& B);
  static const model::Stmt* loopNoBarrierSplits(const AccessSite& a, const AccessSite& b, const model::Collective& scope);
  void reportRace(PairQuery& q, size_t depth, const Scenario& sc);
  std::optional<std::string> conditionalBarrierRuns(const PairQuery& q, int64_t fa, int64_t fb) const;
  std::optional<ProposedSync> proposeSync(PairQuery& q, size_t depth, const Scenario& sc, model::SyncScope need);

  const model::Kernel& k_;
  const KernelFacts& facts_;
  Queries& q_;
  model::DiagSink& sink_;
  const std::set<const AccessSite*>& bad_;
  SyncsInEffect syncs_;
  std::set<std::pair<const model::Expr*, std::vector<std::string>>> reportedRaces_;  // messages already given
  /// Races already reported, by array and the unordered pair of the statements (the
  /// instruction calls) where they point: one error per pair of statements, however many
  /// of their accesses (an instruction's several, its completion at an await) race.
  std::set<std::tuple<const model::Var*, uint64_t, uint64_t>> reportedStatementPairs_;
};

}  // namespace exo::checker
