// The equivalence prover. See docs/prover.md for the encoding and what is proven.
//
// Every question is "is there an instance of the kernel (parameter values allowed by
// exo::assume, loop iterations, threads) that breaks the property?", asked to Z3 over
// two instantiations of the loops around two access sites. unsat = proven; sat = a
// witness we report; unknown = "cannot prove", never a silent accept.
//
// This file runs the checks in order and holds the ones about single sites or
// registers; races and syncs are in ProverRaces, queries in ProverQuery, witness text
// in ProverReport.
#include "checker/Prover.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "checker/ProverAccess.h"
#include "checker/ProverAlignment.h"
#include "checker/ProverAsync.h"
#include "checker/ProverFast.h"
#include "checker/ProverExpects.h"
#include "checker/ProverInitialized.h"
#include "checker/ProverOverflow.h"
#include "checker/ProverPersistent.h"
#include "checker/ProverQuery.h"
#include "checker/ProverRaces.h"
#include "checker/ProverWindows.h"
#include "checker/ProverWitness.h"
#include "checker/ProverReport.h"
#include "model/ExprPrinter.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

class Prover {
public:
  Prover(const Kernel& k, DiagSink& sink, ProverStats& stats, const ProverLimits& limits)
      : k_(k),
        sink_(sink),
        facts_(collectFacts(k)),
        stats_(stats),
        limits_(limits),
        fast_(k, facts_, stats, limits) {}

  bool run() {
    unsigned before = sink_.errors;
    checkAliasing();
    checkConvergence();
    checkGlobalBounds();  // its own context: the fast path and the reporting path stay as they were
    checkAlignments(facts_, stats_, limits_, sink_);  // its own context too
    checkExpects(facts_, stats_, limits_, sink_);     // and here
    checkWindowBounds(facts_, stats_, limits_, sink_);  // and here
    checkOverflow(facts_, stats_, limits_, sink_);    // intervals first, then its own context
    if (checkReadsInitialized) checkInitializedReads(facts_, stats_, limits_, sink_);  // its own context
    // The fast path decides; when it proves the kernel there is nothing to report.
    // Otherwise the reporting path below asks its questions as it always has (a
    // witness depends on the solver's history, so that history must not change).
    // The fast path knows nothing of asynchronous completion: kernels with asynchronous
    // instructions take the reporting path, which adds it (checker/ProverAsync).
    const bool async = hasAsync(facts_);
    if (sink_.errors == before && !async && fast_.proves()) {
      warnUnneededSyncs();
      return true;
    }
    // The reporting path's own context, made only now: its history (and so every witness)
    // is what it was before the fast path existed.
    q_ = &qStore_.emplace(facts_, stats_, limits_);
    RaceCheck& races = racesStore_.emplace(k_, facts_, *q_, sink_, bad_);
    translateSites();
    checkBounds();
    checkRegisters();
    races.run();
    if (async) checkAsync(facts_, *q_, races, sink_, bad_);
    if (sink_.errors != before) return false;
    if (!async) warnUnneededSyncs();
    return true;
  }

public:
  /// Which unneeded syncs to warn about: all (a kernel), none (one tile of a persistent
  /// kernel: a sync at the end of a tile may order it before the next one), or those
  /// unneeded in both tiles of the two-tile model (its two copies share a range).
  enum class SyncWarnings { All, None, BothTiles };
  SyncWarnings syncWarnings = SyncWarnings::All;
  /// Off for the two-tile model of a persistent kernel: the one-tile proof showed every
  /// read written before it within its tile, which holds for each tile alike.
  bool checkReadsInitialized = true;

private:
  void warnUnneededSyncs() {
    if (syncWarnings == SyncWarnings::None) return;
    std::map<uint64_t, int> copies;
    if (syncWarnings == SyncWarnings::BothTiles)
      for (const Stmt* s : fast_.unneededSyncs()) ++copies[s->range.begin.raw];
    for (const Stmt* s : fast_.unneededSyncs())
      if (syncWarnings == SyncWarnings::All || copies[s->range.begin.raw]-- == 2)
        sink_.diag(DiagID::warn_sync_unneeded, s->range, {syncScopeName(s->barrierScope())}, {FixIt{s->range, ""}});
  }

  bool needsModel(const AccessSite& s) const {
    return written_.count(s.var) || !s.var->isGlobalPointer();
  }

  /// Translates every index once to report the ones that cannot be modelled.
  void translateSites() {
    for (const AccessSite& s : facts_.sites) {
      if (s.write) written_.insert(s.var);
    }
    for (const AccessSite& s : facts_.sites) {
      if (!needsModel(s)) continue;
      Instance inst = q_->enc.instantiate(s.path, "t");
      for (const ExprPtr& a : s.expr->args) {
        std::string why;
        if (!a || !q_->enc.intExpr(*a, inst, why)) {
          bad_.insert(&s);
          if (reportedBad_.insert(s.expr).second)
            sink_.diag(DiagID::err_cannot_prove, s.range(),
                       {"that the access '" + printExpr(*s.expr) + "' is in bounds and race-free",
                        "its index '" + (a ? printExpr(*a) : std::string("?")) + "' cannot be modelled: " +
                            (why.empty() ? "unsupported expression" : why) +
                            "; write indices as affine functions of loop variables and scalar parameters"});
          break;
        }
      }
    }
  }

  void checkAliasing() {
    std::set<std::pair<const Var*, const Var*>> done;
    // Every pair of arrays is settled at the first write to one of them and the first
    // access to the other (in program order): look at those sites only.
    std::vector<const AccessSite*> firstOfVar;
    std::set<const Var*> seen, writers;
    for (const AccessSite& s : facts_.sites)
      if (seen.insert(s.var).second) firstOfVar.push_back(&s);
    for (const AccessSite& w : facts_.sites) {
      if (!w.write || !w.var->isGlobalPointer()) continue;
      if (!writers.insert(w.var).second) continue;
      for (const AccessSite* op : firstOfVar) {
        const AccessSite& o = *op;
        if (o.var == w.var || !o.var->isGlobalPointer()) continue;
        if (w.var->type.isRestrict || o.var->type.isRestrict) continue;  // restrict on either excludes overlap
        if (!done.insert({std::min(w.var, o.var), std::max(w.var, o.var)}).second) continue;
        sink_.diag(DiagID::err_alias_conflict, w.range(),
                   {w.var->name, o.var->name,
                    "'" + w.var->name + "' is written here and '" + o.var->name + "' is " +
                        (o.write ? "written" : "read") + " by the same kernel"});
        sink_.diag(DiagID::note_access, o.range(), {"the access to '" + o.var->name + "'"});
      }
    }
  }

  /// Why e may differ between threads of one collective, or "" if it cannot.
  std::string divergence(const ExprPtr& e, int depth = 0) {
    std::string why;
    forEachExpr(e, [&](const Expr& x) {
      if (!why.empty() || depth > 32) return;
      // A global array the kernel never writes holds the same value for every thread at
      // the same index: reading it at an index that is itself uniform (checked as
      // part of this walk) is uniform (ragged / grouped tile counts). So does a shared
      // array: its read here is an access the race check orders against every write, so
      // all threads of one epoch read the same value (a flag published before a barrier).
      if (x.kind == ExprKind::Index && x.var && !(x.var->isGlobalPointer() && !writtenAnywhere(x.var)) &&
          !(x.var->memory == Memory::Shared && x.var->kind == VarKind::Array))
        why = "reads '" + x.var->name + "' at run time";
      else if (x.kind == ExprKind::VarRef && x.var && x.var->kind == VarKind::Scalar) {
        auto d = facts_.decls.find(x.var);
        if (d == facts_.decls.end() || facts_.assigned.count(x.var)) why = "uses '" + x.var->name + "', assigned at run time";
        else if (d->second.stmt->init) {
          std::string inner = divergence(d->second.stmt->init, depth + 1);
          if (!inner.empty()) why = "uses '" + x.var->name + "', which " + inner;
        }
      }
    });
    return why;
  }

  bool writtenAnywhere(const Var* v) const {
    for (const AccessSite& site : facts_.sites)
      if (site.var == v && site.write) return true;
    return false;
  }

  void checkConvergence() {
    // Barriers, and instructions a whole collective issues: all of its threads together.
    std::vector<PlacedStmt> collective = facts_.syncs;
    collective.insert(collective.end(), facts_.collectiveOps.begin(), facts_.collectiveOps.end());
    for (const PlacedStmt& s : collective) {
      for (const PathStep& p : s.path) {
        const Stmt* c = p.container;
        std::string why, what;
        if (c->kind == StmtKind::If) {
          why = divergence(c->cond);
          what = "a condition that ";
        } else if (c->kind == StmtKind::For && c->loop == LoopKind::Seq) {
          why = divergence(c->lo);
          if (why.empty()) why = divergence(c->hi);
          what = "a loop bound that ";
        }
        if (why.empty()) continue;
        if (!s.stmt->isBarrier())
          sink_.diag(DiagID::err_instr_divergent, s.stmt->range,
                     {s.stmt->instr->name, what + why, model::collective(s.stmt->instr->collective).name});
        else
          sink_.diag(DiagID::err_sync_divergent, s.stmt->range, {syncScopeName(s.stmt->barrierScope()), what + why});
        sink_.diag(DiagID::note_access, c->range, {c->kind == StmtKind::If ? "the condition" : "the loop"});
        break;
      }
    }
  }

  /// Global arrays with a declared shape (exo::extent): every access inside it.
  void checkGlobalBounds() {
    std::set<std::pair<const Expr*, const Stmt*>> checked;
    std::optional<Queries> store;
    for (const AccessSite& site : facts_.sites) {
      if (!site.var->isGlobalPointer() || site.var->extents.empty() || site.expr->args.empty()) continue;
      if (!checked.insert({site.expr, site.stmt}).second) continue;  // compound: read and write
      if (!store) store.emplace(facts_, stats_, limits_);
      Queries& q = *store;
      Encoder& enc = q.enc;
      Side s = q.makeSide(site, "a.");
      std::string why;
      if (std::optional<Poly> idx = enc.intExpr(*site.expr->args[0], s.inst, why); !idx) {
        // An array the kernel writes is refused with the race check's modelling (the
        // reporting path). A read-only one has no other proof: it was accepted unchecked
        // (review of the eighteenth session: `x[j]` with `j` computed at run time, one
        // past the end). Only a pointer without exo::extent is read unchecked.
        if (!writtenAnywhere(site.var) && reportedBad_.insert(site.expr).second)
          sink_.diag(DiagID::err_cannot_prove, site.range(),
                     {"that the access '" + printExpr(*site.expr) + "' is inside the extent of '" + site.var->name + "'",
                      "its index '" + printExpr(*site.expr->args[0]) + "' cannot be modelled: " +
                          (why.empty() ? "unsupported expression" : why) +
                          "; write indices as affine functions of loop variables and scalar parameters, or declare no "
                          "exo::extent for '" + site.var->name + "' (its reads are then unchecked; --summary lists it)"});
        continue;
      }
      std::vector<Poly> extents;
      for (const ExprPtr& e : site.var->extents) {
        std::optional<Poly> p = enc.intExpr(*e, s.inst, why);
        if (!p) {
          sink_.diag(DiagID::err_cannot_prove, e->range,
                     {"that the accesses to '" + site.var->name + "' stay inside its extent", "the extent " + why});
          return;
        }
        extents.push_back(*p);
      }
      z3::solver solver = q.newSolver();
      Queries::addFacts(solver, s.inst);
      solver.add(q.outsideExtent(s.idx[0], extents, s));
      Verdict v = q.solve(solver);
      if (v == Verdict::Unsat) continue;
      const Expr& ie = *site.expr->args[0];
      if (v == Verdict::Unknown) {
        sink_.diag(DiagID::err_cannot_prove, ie.range,
                   {"that index '" + printExpr(ie) + "' of '" + site.var->name + "' is inside its extent",
                    "the solver could not decide it (non-linear index arithmetic)"});
        sink_.diag(DiagID::note_access, site.var->extentRange, {"the extent"});
        continue;
      }
      smallWitness(q, solver);
      z3::model m = solver.get_model();
      if (WitnessCheck w = checkWitness(enc, m, s); !w.real) {
        sink_.diag(DiagID::err_cannot_prove, ie.range,
                   {"that index '" + printExpr(ie) + "' of '" + site.var->name + "' is inside its extent",
                    unrealWitnessReason(w)});
        continue;
      }
      Poly total = Poly::constant(1);
      for (const Poly& e : extents) total = total * e;
      sink_.diag(DiagID::err_out_of_bounds, site.instr ? site.range() : ie.range,
                 {"'" + printExpr(ie) + "' (= " + std::to_string(val(m, enc.toZ3(s.idx[0]))) + ")", site.var->name,
                  std::to_string(val(m, enc.toZ3(total))), threadText(enc, m, s)});
      sink_.diag(DiagID::note_access, site.var->extentRange, {"the extent"});
      sink_.diag(DiagID::note_witness, site.instr ? site.range() : ie.range, {witnessText(enc, m, s, s)});
      noteMeaning(sink_, site);
    }
  }

  void checkBounds() {
    const Encoder& enc = q_->enc;
    for (const AccessSite& site : facts_.sites) {
      if (site.var->isGlobalPointer() || !site.var->isArray() || bad_.count(&site)) continue;
      if (!boundsChecked_.insert({site.expr, site.stmt}).second) continue;  // compound: read and write
      size_t dims = std::min(site.var->dims.size(), site.expr->args.size());
      if (dims == 0) continue;
      // One instance and one solver for the site; each dimension's question is a scope.
      Side s = q_->makeSide(site, "a.");
      z3::solver solver = q_->newSolver();
      Queries::addFacts(solver, s.inst);
      for (size_t d = 0; d < dims; ++d) {
        // The last dimension's question needs no scope: nothing is asked after it (and a
        // one-dimensional array's query stays the one the witness text was tuned on).
        bool last = d + 1 == dims;
        if (!last) solver.push();
        z3::expr i = enc.toZ3(s.idx[d]);
        solver.add(i < 0 || i >= q_->ctx.int_val(static_cast<int64_t>(site.var->dims[d])));
        Verdict v = q_->solve(solver);
        if (v == Verdict::Unsat) {
          if (!last) solver.pop();
          continue;
        }
        const Expr& ie = *site.expr->args[d];
        if (v == Verdict::Unknown) {
          sink_.diag(DiagID::err_cannot_prove, ie.range,
                     {"that index '" + printExpr(ie) + "' of '" + site.var->name + "' is in bounds",
                      "the solver could not decide it"});
          break;
        }
        smallWitness(*q_, solver);
        z3::model m = solver.get_model();
        if (WitnessCheck w = checkWitness(enc, m, s); !w.real) {
          sink_.diag(DiagID::err_cannot_prove, ie.range,
                     {"that index '" + printExpr(ie) + "' of '" + site.var->name + "' is in bounds", unrealWitnessReason(w)});
          break;
        }
        sink_.diag(DiagID::err_out_of_bounds, site.instr ? site.range() : ie.range,
                   {"'" + printExpr(ie) + "' (= " + std::to_string(val(m, i)) + ")", site.var->name,
                    std::to_string(site.var->dims[d]), threadText(enc, m, s)});
        sink_.diag(DiagID::note_witness, site.instr ? site.range() : ie.range, {witnessText(enc, m, s, s)});
      noteMeaning(sink_, site);
        break;
      }
    }
  }

  /// Distributed registers: two accesses to one element must come from one thread.
  void checkRegisters() {
    const Encoder& enc = q_->enc;
    const auto& S = facts_.sites;
    std::set<const Var*> reported;
    for (size_t i = 0; i < S.size(); ++i)
      for (size_t j = i; j < S.size(); ++j) {
        const AccessSite &A = S[i], &B = S[j];
        if (A.var != B.var || A.var->memory != Memory::Registers || bad_.count(&A) || bad_.count(&B)) continue;
        if (issuedByCollective(A) || issuedByCollective(B)) continue;  // owned by the warp (DistributedRegistersCheck)
        if (reported.count(A.var)) continue;
        Side a = q_->makeSide(A, "a."), b = q_->makeSide(B, "b.");
        z3::solver s = q_->newSolver();
        Queries::addFacts(s, a.inst);
        Queries::addFacts(s, b.inst);
        for (const Stmt* g : k_.gridLoops)
          if (a.inst.iter.count(g) && b.inst.iter.count(g))
            s.add(enc.atomExpr(a.inst.iter.at(g)) == enc.atomExpr(b.inst.iter.at(g)));
        s.add(q_->flat(a) != q_->flat(b));
        s.add(q_->sameElement(a, b));
        q_->countPair();
        Verdict v = q_->solve(s);
        if (v == Verdict::Unsat) continue;
        reported.insert(A.var);
        if (v == Verdict::Unknown) {
          sink_.diag(DiagID::err_cannot_prove, B.range(),
                     {"that each element of '" + A.var->name + "' is used by one thread", "the solver could not decide it"});
          continue;
        }
        smallWitness(*q_, s);
        z3::model m = s.get_model();
        if (WitnessCheck w = bothReal(enc, m, a, b); !w.real) {
          sink_.diag(DiagID::err_cannot_prove, B.range(),
                     {"that each element of '" + A.var->name + "' is used by one thread", unrealWitnessReason(w)});
          continue;
        }
        sink_.diag(DiagID::err_registers_owner, B.range(),
                   {A.var->name, elementText(enc, m, b), threadText(enc, m, b), threadText(enc, m, a)});
        sink_.diag(DiagID::note_access, A.range(), {"the use by " + threadText(enc, m, a)});
      }
  }

  const Kernel& k_;
  DiagSink& sink_;
  KernelFacts facts_;
  ProverStats& stats_;
  ProverLimits limits_;
  std::set<const Var*> written_;
  std::set<const AccessSite*> bad_;  // sites whose indices cannot be modelled
  FastCheck fast_;
  std::optional<Queries> qStore_;  // the reporting path's (made when it runs)
  Queries* q_ = nullptr;
  std::optional<RaceCheck> racesStore_;
  std::set<const Expr*> reportedBad_;
  std::set<std::pair<const Expr*, const Stmt*>> boundsChecked_;
};

}  // namespace

unsigned timeLimitMilliseconds(const ProverLimits& limits) {
  double ms = limits.timeLimitSeconds * 1000.0;
  return ms < 1 ? 1u : static_cast<unsigned>(std::lround(ms));
}

bool validTimeLimit(double seconds) { return seconds > 0 && seconds <= 86400; }

bool proveKernel(const Kernel& k, DiagSink& sink, ProverStats* stats, const ProverLimits& limits) {
  auto start = std::chrono::steady_clock::now();
  const unsigned refusedBefore = sink.cannotProve;
  ProverStats local;
  ProverStats& st = stats ? *stats : local;
  bool ok = false;
  try {
    Prover p(k, sink, st, limits);
    if (k.persistent) p.syncWarnings = Prover::SyncWarnings::None;
    ok = p.run();
    if (ok && k.persistent)
      ok = provePersistent(
          k, sink,
          [&](const Kernel& two, DiagSink& s) {
            // Its own budget (the limits are per proof), counted in the totals after
            // (also when it ends at a limit: the exception passes through).
            ProverStats twoStats;
            bool ok = false;
            try {
              Prover both(two, s, twoStats, limits);
              both.syncWarnings = Prover::SyncWarnings::BothTiles;
              both.checkReadsInitialized = false;
              ok = both.run();
            } catch (...) {
              st.add(twoStats);
              throw;
            }
            st.add(twoStats);
            return ok;
          },
          st, limits);
  } catch (const LimitReached&) {
    sink.diag(DiagID::err_cannot_prove, k.loc,
              {"kernel '" + k.name + "' correct",
               st.solverWork >= limits.maxWork
                   ? "its questions are too hard for the solver within the limit (" + std::to_string(limits.maxWork) +
                         " resource units in all; keep indices affine, with strides of the form 'row * N + col')"
                   : "the kernel is too large to check within the limit (" + std::to_string(limits.maxQueries) +
                         " solver queries; raise it with --prover-max-queries)"});
    ok = false;
  } catch (const z3::exception& e) {
    sink.diag(DiagID::err_cannot_prove, k.loc,
              {"kernel '" + k.name + "' correct", std::string("the solver failed: ") + e.msg()});
    ok = false;
  }
  // A refusal the clock may have decided says so (a proof never depends on it: a
  // question cut off answers "unknown", which refuses).
  if (!ok && st.timeCutoffs > 0 && sink.cannotProve > refusedBefore) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", timeLimitMilliseconds(limits) / 1000.0);
    sink.diag(DiagID::note_solver_time_limit, k.loc, {std::to_string(st.timeCutoffs), seconds});
  }
  st.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return ok;
}

}  // namespace exo::checker
