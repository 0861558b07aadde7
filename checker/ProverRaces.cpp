#include "checker/ProverRaces.h"

#include "checker/ProverWitness.h"

#include <algorithm>

#include "checker/ProverReport.h"
#include "checker/ProverRingPins.h"
#include "model/ExprPrinter.h"

namespace exo::checker {

using namespace model;

/// The race question for one case of the relative position of two sides (see
/// raceQuery); false when the plan needs no question (B runs first). Shared by the
/// reporting path and the fast path, so that both ask exactly the same question.
bool addRaceFormula(Queries& q, z3::solver& s, const Kernel& k, const Side& a, const Side& b,
                    const std::vector<const Stmt*>& common, size_t depth, const RacePlan& plan) {
  Queries::addFacts(s, a.inst);
  Queries::addFacts(s, b.inst);
  auto iterA = [&](const Stmt* l) { return q.enc.atomExpr(a.inst.iter.at(l)); };
  auto iterB = [&](const Stmt* l) { return q.enc.atomExpr(b.inst.iter.at(l)); };
  for (size_t i = 0; i < depth && i < common.size(); ++i) s.add(iterA(common[i]) == iterB(common[i]));
  for (const Stmt* g : k.gridLoops)  // one CTA
    if (a.inst.iter.count(g) && b.inst.iter.count(g)) s.add(iterA(g) == iterB(g));
  // A cluster-wide side stands for its statement in every block of the cluster: another
  // block's thread, even where the flat index is a's, which no barrier of a's block
  // orders (only a cluster-wide ring edge does, below).
  const bool remote = standsForOtherBlocks(a) || standsForOtherBlocks(b);
  // In a cluster body the thread is its flat index in its block (its rank).
  if (!remote) s.add(k.rankLoops.empty() ? q.flat(a) != q.flat(b) : !(q.flat(a) == q.flat(b) && sameBlock(q.enc, a, b)));
  // ... and an array declared inside a `block_in_cluster` loop is its block's own.
  if (!k.rankLoops.empty() && !a.site->var->clusterShared && !a.site->var->isGlobalPointer())
    s.add(sameBlock(q.enc, a, b));
  s.add(q.differentIssues(a, b));
  s.add(q.sameElement(a, b));

  z3::expr unordered = q.ctx.bool_val(true);
  if (plan.kind == RacePlan::Kind::Reversed) return false;
  if (plan.loop) {
    const Stmt* l = plan.loop;
    s.add(iterA(l) < iterB(l));
    if (plan.kind == RacePlan::Kind::SeqLoop && !remote)
      unordered = !covered(q, plan.near, a, b, s) && (!covered(q, plan.all, a, b, s) || iterB(l) == iterA(l) + 1);
  } else if (plan.kind == RacePlan::Kind::Straight && !remote) {
    unordered = !covered(q, plan.near, a, b, s);
  }
  // An mbarrier ring orders threads too: a signal of position p after a, a wait for p
  // before b (checker/ProverRingPins).
  z3::expr byRing = ringOrdered(q, k, a, b, s);
  s.add(byRing.is_false() ? unordered : unordered && !byRing);
  return true;
}

/// Two different blocks touch the same element.
void addCrossBlockFormula(Queries& q, z3::solver& s, const Kernel& k, const Side& a, const Side& b) {
  Queries::addFacts(s, a.inst);
  Queries::addFacts(s, b.inst);
  z3::expr differ = q.ctx.bool_val(false);
  for (const Stmt* g : k.gridLoops)
    if (a.inst.iter.count(g) && b.inst.iter.count(g))
      differ = differ || q.enc.atomExpr(a.inst.iter.at(g)) != q.enc.atomExpr(b.inst.iter.at(g));
  s.add(differ);
  s.add(q.sameElement(a, b));
}

/// Is there an instance where a (first) and b (second, sequentially) touch the same
/// element from different threads of one CTA with no sync ordering them, when they
/// share the first `depth` common loops' iterations and differ at loop `depth`?
RaceCheck::PairQuery RaceCheck::raceQuery(const AccessSite& A, const AccessSite& B, size_t depth, Scenario& sc,
                                          const std::pair<Side, Side>* sides) {
  PairQuery q;
  if (sides) {
    q.a = sides->first;
    q.b = sides->second;
  } else {
    q.a = q_.makeSide(A, "a.");
    q.b = q_.makeSide(B, "b.");
  }
  z3::solver s = q_.newSolver();
  size_t prefix = commonPrefix(A, B);
  std::vector<const Stmt*> common = enclosingLoops(Path(A.path.begin(), A.path.begin() + prefix));
  RacePlan plan = planRace(syncs_, A, B, common, prefix, depth);
  sc.fixContainer = plan.fixContainer;
  sc.fixBefore = plan.fixBefore;
  q.near = plan.near;
  // An asynchronous access runs until its completion: what comes after it must be
  // ordered after the completing await, which checker/ProverAsync checks (a stronger
  // question than ordering after the issue). Here only the accesses before the issue.
  if (A.instr && A.instr->instr->async.async() && !A.completes && plan.kind != RacePlan::Kind::Reversed) return q;
  if (!addRaceFormula(q_, s, k_, q.a, q.b, common, depth, plan)) return q;
  q_.countPair();
  q.verdict = q_.solve(s);
  if (q.verdict == Verdict::Sat) {
    smallWitness(q_, s);
    q.model = s.get_model();
  }
  return q;
}

/// Checks every pair of sites for races. Returns the number found; reports them if
/// `report` (otherwise stops at the first: used to test removing a sync). Pairs of
/// blocks are checked only if `crossBlocks` (their verdict does not depend on syncs).
int RaceCheck::races(bool report, bool crossBlocks) {
  int found = 0;
  std::set<std::pair<int, int>> reported;
  std::set<const Expr*> crossReported;
  const auto& S = facts_.sites;
  for (size_t i = 0; i < S.size(); ++i)
    for (size_t j = 0; j < S.size(); ++j) {
      const AccessSite &A = S[i], &B = S[j];
      if (!mayConflict(A, B) || bad_.count(&A) || bad_.count(&B)) continue;
      if (A.var->memory == Memory::Local || A.var->memory == Memory::Registers) continue;
      std::pair<int, int> key{std::min(A.order, B.order), std::max(A.order, B.order)};
      if (reported.count(key)) continue;
      if (crossBlocks && A.var->isGlobalPointer() && i <= j &&
          !(crossReported.count(A.expr) && crossReported.count(B.expr)) && crossBlock(A, B, report)) {
        ++found;
        reported.insert(key);
        crossReported.insert(A.expr);
        crossReported.insert(B.expr);
        if (!report) return found;
        continue;
      }
      std::vector<const Stmt*> common = commonLoops(A, B);
      // When only the verdict matters, one instantiation of each site serves every
      // depth: the queries differ only in which loop iterations they equate. When
      // reporting, each query instantiates afresh: the witness Z3 picks (and so the
      // diagnostic) depends on which terms exist, and when they were freed.
      std::optional<std::pair<Side, Side>> sides;
      for (size_t d = 0; d <= common.size(); ++d) {
        if (d < common.size() && common[d]->loop == LoopKind::Block && !common[d]->rankLoop) continue;
        if (!report && !sides) {
          Side a = q_.makeSide(A, "a.");
          sides.emplace(std::move(a), q_.makeSide(B, "b."));
        }
        Scenario sc;
        PairQuery q = raceQuery(A, B, d, sc, sides ? &*sides : nullptr);
        if (q.verdict == Verdict::Unsat) continue;
        ++found;
        reported.insert(key);
        if (!report) return found;
        if (q.verdict == Verdict::Unknown) {
          sink_.diag(DiagID::err_cannot_prove, B.range(),
                     {"that '" + printExpr(*B.expr) + "' and '" + printExpr(*A.expr) + "' never race",
                      "the solver could not decide it (non-linear index arithmetic); "
                      "keep indices affine in the loop variables, with strides of the form 'row * N + col'"});
          sink_.diag(DiagID::note_access, A.range(), {"the other access"});
        } else {
          reportRace(q, d, sc);
        }
        break;
      }
    }
  return found;
}

void RaceCheck::racesAfterCompletion(const AccessSite& P, const Side& side) {
  for (const AccessSite& B : facts_.sites) {
    if (!mayConflict(B, P) || bad_.count(&B)) continue;
    if (B.var->memory == Memory::Local || B.var->memory == Memory::Registers) continue;  // one thread: program order
    std::vector<const Stmt*> common = commonLoops(P, B);
    std::pair<Side, Side> sides{side, q_.makeSide(B, "b.")};
    for (size_t d = 0; d <= common.size(); ++d) {
      if (d < common.size() && common[d]->loop == LoopKind::Block && !common[d]->rankLoop) continue;
      Scenario sc;
      PairQuery q = raceQuery(P, B, d, sc, &sides);
      if (q.verdict == Verdict::Unsat) continue;
      if (q.verdict == Verdict::Unknown) {
        sink_.diag(DiagID::err_cannot_prove, B.range(),
                   {"that '" + printExpr(*B.expr) + "' runs after the asynchronous '" + P.instr->instr->name +
                        "' completes",
                    "the solver could not decide it"});
        break;
      }
      unsigned before = sink_.errors;
      reportRace(q, d, sc);
      if (sink_.errors != before)
        sink_.diag(DiagID::note_async_completes, P.completedAt->range, {P.instr->instr->name});
      break;
    }
  }
}

bool RaceCheck::crossBlock(const AccessSite& A, const AccessSite& B, bool report) {
  if (k_.gridLoops.empty()) return false;
  const Encoder& enc = q_.enc;
  Side a = q_.makeSide(A, "a."), b = q_.makeSide(B, "b.");
  z3::solver s = q_.newSolver();
  addCrossBlockFormula(q_, s, k_, a, b);
  q_.countPair();
  Verdict v = q_.solve(s);
  if (v == Verdict::Unsat) return false;
  if (!report) return true;
  if (v == Verdict::Unknown) {
    sink_.diag(DiagID::err_cannot_prove, B.range(),
               {"that different blocks never touch the same element of '" + A.var->name + "'",
                "the solver could not decide it (non-linear index arithmetic)"});
    return true;
  }
  smallWitness(q_, s);
  z3::model m = s.get_model();
  if (WitnessCheck w = bothReal(enc, m, a, b); !w.real) {
    sink_.diag(DiagID::err_cannot_prove, B.range(),
               {"that different blocks never touch the same element of '" + A.var->name + "'", unrealWitnessReason(w)});
    return true;
  }
  sink_.diag(DiagID::err_cross_block_conflict, B.range(),
             {blockText(enc, m, a), blockText(enc, m, b), A.write && B.write ? "write" : "access", A.var->name,
              elementText(enc, m, a)});
  auto what = [](const AccessSite& x) { return std::string(x.atomic ? "the reduction" : x.write ? "the write" : "the read"); };
  sink_.diag(DiagID::note_access, A.range(), {what(A) + " by block " + blockText(enc, m, a)});
  if (&A != &B) sink_.diag(DiagID::note_access, B.range(), {what(B) + " by block " + blockText(enc, m, b)});
  sink_.diag(DiagID::note_witness, B.range(), {witnessText(enc, m, a, b)});
  noteAtomicMixed(A, B);
  return true;
}

/// The witness claims that no barrier between the accesses orders them; a conditional
/// one (in its side's iteration) whose condition holds there in C++ (model/Evaluate)
/// and whose group holds both threads says otherwise: the encoding and the program
/// disagree, and the witness is no execution. What runs, or nullopt.
std::optional<std::string> RaceCheck::conditionalBarrierRuns(const PairQuery& q, int64_t fa, int64_t fb) const {
  // Two blocks of a cluster body: no block barrier orders them.
  if (!q.model || !q.model->eval(sameBlock(q_.enc, q.a, q.b), true).is_true()) return std::nullopt;
  for (const ConditionalSync& cs : q.near.conditional) {
    const Side& side = cs.side == 0 ? q.a : q.b;
    const Stmt* g = cs.guard;
    std::vector<const Expr*> exprs;
    if (g->kind == StmtKind::For) exprs = {g->lo.get(), g->hi.get()};
    else if (g->cond) exprs = {g->cond.get()};
    else continue;
    std::vector<std::optional<Wide>> v;
    if (!checkWitnessValues(q_.enc, *q.model, side, exprs, v).real) continue;
    bool runs;
    std::string what;
    if (g->kind == StmtKind::For) {
      if (!v[0] || !v[1]) continue;
      runs = *v[0] < *v[1];  // the loop's first iteration, and its barrier, run
      what = "the loop around the barrier runs";
    } else {
      if (!v[0]) continue;
      runs = (*v[0] != 0) == cs.branch;
      what = "the condition '" + printExpr(*g->cond) + "' of the barrier between them is " + (*v[0] != 0 ? "true" : "false");
    }
    if (!runs) continue;
    const Collective& col = collective(cs.scope);
    if (col.threads > 0 && fa / col.threads != fb / col.threads) continue;  // another group's barrier
    return what + " there, so it orders them";
  }
  return std::nullopt;
}

/// One of two conflicting sites is an atomic reduction: say why that does not help. Both
/// are a kernel's own `+=` of a global array: say how to make them atomic (a histogram).
bool RaceCheck::noteAtomicMixed(const AccessSite& A, const AccessSite& B) {
  auto addition = [](const AccessSite& x) {
    return !x.instr && x.stmt && x.stmt->kind == StmtKind::Assign && x.stmt->op == "+=" && x.stmt->lhs.get() == x.expr;
  };
  if (A.atomic == B.atomic) {
    if (!A.atomic && A.var == B.var && A.var->isGlobalPointer() && !A.var->type.pointeeConst &&
        model::hasKernelAtomicAdd(A.var->type.scalar) && addition(A) && addition(B)) {
      sink_.diag(DiagID::note_reduce_param, A.range(), {A.var->name});
      return true;
    }
    return false;
  }
  const AccessSite& r = A.atomic ? A : B;
  sink_.diag(DiagID::note_atomic_mixed, r.range(), {r.instr ? r.instr->instr->name : "this statement", r.var->name});
  return false;
}

void RaceCheck::reportRace(PairQuery& q, size_t depth, const Scenario& sc) {
  const Encoder& enc = q_.enc;
  const z3::model& m = *q.model;
  const Side& qa = q.a;
  const Side& qb = q.b;
  const Side& w = qb.site->write ? qb : qa;
  const Side& o = &w == &qb ? qa : qb;
  if (WitnessCheck wc = bothReal(enc, m, qa, qb); !wc.real) {
    std::vector<std::string> args = {"that '" + printExpr(*qb.site->expr) + "' and '" + printExpr(*qa.site->expr) + "' never race",
                                     unrealWitnessReason(wc)};
    if (!reportedRaces_.insert({qb.site->expr, args}).second) return;
    sink_.diag(DiagID::err_cannot_prove, qb.site->range(), args);
    sink_.diag(DiagID::note_access, qa.site->range(), {"the other access"});
    return;
  }
  if (standsForOtherBlocks(qa) || standsForOtherBlocks(qb)) return reportClusterRace(q);
  int64_t fa = val(m, q_.flat(qa)), fb = val(m, q_.flat(qb));
  if (std::optional<std::string> ran = conditionalBarrierRuns(q, fa, fb)) {
    std::vector<std::string> args = {"that '" + printExpr(*qb.site->expr) + "' and '" + printExpr(*qa.site->expr) + "' never race",
                                     unrealWitnessReason(WitnessCheck{false, *ran, ""})};
    if (!reportedRaces_.insert({qb.site->expr, args}).second) return;
    sink_.diag(DiagID::err_cannot_prove, qb.site->range(), args);
    sink_.diag(DiagID::note_access, qa.site->range(), {"the other access"});
    return;
  }
  SyncScope need = smallestCommonScope(fa, fb).id;
  // Barriers of a scope the CTA is not made of (warpgroup) exist only inside loops of
  // that level; elsewhere the block one it is.
  if (!collective(need).wholeInCta && !inCommonLoop(*qa.site, *qb.site, loopKindOf(collective(need))))
    need = SyncScope::Block;
  // Two blocks of a cluster body: only the cluster's barrier orders them (a row that is
  // not a loop level: decided after the loop-level test above).
  if (!m.eval(sameBlock(enc, qa, qb), true).is_true()) need = SyncScope::Cluster;
  auto syncName = [](SyncScope s) { return std::string("'exo::sync(") + syncScopeName(s) + ")'"; };
  std::vector<std::string> args = {w.site->var->name, threadText(enc, m, w), elementText(enc, m, w),
                                   threadText(enc, m, o), o.site->write ? "also writes" : "reads", syncName(need)};
  // Two site pairs can yield the same witness at the same place: say it once. And one
  // error per pair of statements: the accesses of one instruction call (its rows, its
  // completion at an await) racing with another call's are one bug with one fix.
  if (!reportedRaces_.insert({qb.site->expr, args}).second) return;
  uint64_t ra = qa.site->range().begin.raw, rb = qb.site->range().begin.raw;
  if (!reportedStatementPairs_.insert({w.site->var, std::min(ra, rb), std::max(ra, rb)}).second) return;
  // The sync that one barrier before the second access needs (proposeSync): when a sync
  // of `need`'s scope orders this witness but leaves another pair of the same accesses
  // racing (threads of one warp here, of two warps there), the message names the wider
  // one the fix-it inserts, not a narrower one that would not do.
  std::optional<ProposedSync> fix = proposeSync(q, depth, sc, need);
  if (fix) args[5] = syncName(fix->scope);
  sink_.diag(DiagID::err_race, qb.site->range(), args);
  sink_.diag(DiagID::note_access, qa.site->range(),
             {std::string("the first access (") + (qa.site->write ? "a write" : "a read") + " by " +
              threadText(enc, m, qa) + ")"});
  sink_.diag(DiagID::note_witness, qb.site->range(), {witnessText(enc, m, qa, qb)});
  noteMeaning(sink_, *qb.site);
  if (qa.site->instr != qb.site->instr) noteMeaning(sink_, *qa.site);
  const bool additions = noteAtomicMixed(*qa.site, *qb.site);
  if (fix)
    sink_.diag(DiagID::note_sync_fix, SrcRange{fix->at, fix->at}, {syncScopeName(fix->scope)},
               {FixIt{SrcRange{fix->at, SrcLoc{}}, std::string("[[exo::sync(") + syncScopeName(fix->scope) + ")]];\n"}});
  else if (const Stmt* loop = additions ? nullptr : loopNoBarrierSplits(*qa.site, *qb.site, collective(need)))
    sink_.diag(DiagID::note_race_in_one_loop, loop->range, {levelOf(loop->loop)->name, syncScopeName(need)});
}

/// The outermost parallel loop around both sites inside which a barrier of `scope` may
/// not stand (a thread loop, for any barrier): nothing placed between the two accesses
/// orders them, the loop must be split. nullptr when there is none.
const Stmt* RaceCheck::loopNoBarrierSplits(const AccessSite& a, const AccessSite& b, const Collective& scope) {
  for (const PathStep& pa : a.path) {
    const Stmt* l = pa.container;
    if (l->kind != StmtKind::For || l->loop == LoopKind::Seq || l->loop == LoopKind::Block) continue;
    const bool common = std::any_of(b.path.begin(), b.path.end(), [&](const PathStep& pb) { return pb.container == l; });
    if (common && !barrierAllowedIn(*levelOf(l->loop), scope)) return l;
  }
  return nullptr;
}

/// A race with a cluster-wide copy (standsForOtherBlocks): no barrier fixes it.
void RaceCheck::reportClusterRace(PairQuery& q) {
  const Encoder& enc = q_.enc;
  const z3::model& m = *q.model;
  const Side& r = standsForOtherBlocks(q.b) ? q.b : q.a;  // the copy
  const Side& o = &r == &q.b ? q.a : q.b;
  std::vector<std::string> args = {r.site->var->name, r.site->instr ? r.site->instr->instr->name : "?",
                                   elementText(enc, m, r), threadText(enc, m, r), threadText(enc, m, o),
                                   o.site->write ? "writes" : "reads"};
  if (!reportedRaces_.insert({q.b.site->expr, args}).second) return;
  sink_.diag(DiagID::err_cluster_race, r.site->range(), args);
  sink_.diag(DiagID::note_access, o.site->range(),
             {std::string("the access of this block (") + (o.site->write ? "a write" : "a read") + " by " +
              threadText(enc, m, o) + ")"});
  sink_.diag(DiagID::note_witness, q.b.site->range(), {witnessText(enc, m, q.a, q.b)});
  noteMeaning(sink_, *r.site);
}

/// One sync before the statement holding the second access: the narrowest that fixes
/// this pair of accesses (every witness of it, not only the one reported).
std::optional<ProposedSync> RaceCheck::proposeSync(PairQuery& q, size_t depth, const Scenario& sc, SyncScope need) {
  if (!sc.fixContainer || sc.fixContainer->kind != StmtKind::Block) return std::nullopt;
  const AccessSite& B = *q.b.site;
  size_t level = 0;
  while (level < B.path.size() && B.path[level].container != sc.fixContainer) ++level;
  std::vector<SyncScope> allowed = allowedScopes(B.path, level);
  for (SyncScope sc2 : allowed) {
    if (collective(sc2).rank > collective(need).rank) continue;  // finer than needed
    syncs_.virtualSync = {sc.fixContainer, sc.fixBefore, sc2};
    Scenario ignored;
    // A completion site has no path of its own to instantiate: reuse its side.
    std::pair<Side, Side> sides{q.a, q.b};
    PairQuery again = raceQuery(*q.a.site, B, depth, ignored, q.a.site->completes ? &sides : nullptr);
    syncs_.virtualSync = {};
    if (again.verdict != Verdict::Unsat) continue;
    return ProposedSync{sc2, sc.fixContainer->body[sc.fixBefore]->range.begin};
  }
  return std::nullopt;
}

}  // namespace exo::checker
