#include "checker/ProverAsync.h"

#include "model/Roles.h"
#include "model/Walk.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "checker/ProverAsyncBase.h"
#include "checker/ProverReport.h"
#include "checker/ProverRings.h"
#include "checker/ProverWitness.h"
#include "model/ExprPrinter.h"
#include "model/ThreadMapping.h"

namespace exo::checker {

using namespace model;

// Groups. Each thread of a queue's issuing collective counts the groups it commits;
// an async call joins group G (the number of commits before it in the thread's program),
// an await<N> at a point where the thread has committed G' groups guarantees that every
// group below G' - N is complete. So await W completes call X iff G(W) - N > G(X).
// G of a point is affine in the iterations of the sequential loops around it: the
// commits of the statements before it, plus iteration * (commits per iteration) for
// each enclosing sequential loop. A parallel loop's iteration is a thread: its commits
// count once (the thread runs one iteration).

bool hasAsync(const KernelFacts& facts) {
  // Any instruction with a part in asynchronous completion, access or not: a kernel whose
  // rings only threads arrive at (mbarrier_arrive / mbarrier_wait make no access) still
  // needs its ring protocol checked, and the race check trusts the rings' edges.
  for (const AccessSite& s : facts.sites)
    if (s.instr && s.instr->instr->async.async()) return true;
  if (facts.kernel)
    for (const auto& in : facts.kernel->instructions)
      if (in->async.kind != AsyncRole::Kind::None) return true;
  return false;
}

namespace {

class AsyncCheck {
public:
  AsyncCheck(const KernelFacts& facts, Queries& q, RaceCheck& races, DiagSink& sink,
             const std::set<const AccessSite*>& bad)
      : f_(facts), q_(q), enc_(q.enc), races_(races), sink_(sink), bad_(bad), rings_(facts, q, sink, bad) {}

  void run() {
    rings_.checkRings();
    std::set<const Stmt*> reportedIssue;
    for (const AccessSite& x : f_.sites) {
      if (!x.instr || !x.instr->instr->async.async() || bad_.count(&x)) continue;
      try {
        if (x.instr->instr->async.kind == AsyncRole::Kind::IssueRing) {
          rings_.checkAccess(x, reportedIssue);
          continue;
        }
        checkSite(x, reportedIssue);
      } catch (const Unprovable& u) {
        if (reportedIssue.insert(x.instr).second) {
          sink_.diag(DiagID::err_cannot_prove, x.instr->range,
                     {"when the asynchronous '" + x.instr->instr->name + "' issued here completes", u.why});
          if (u.at && u.at != x.instr) sink_.diag(DiagID::note_access, u.at->range, {"the statement in question"});
        }
      }
    }
  }

private:
  // ------------------------------------------------------------ group counting
  const std::string& queue(const AccessSite& x) const { return x.instr->instr->async.queue; }

  static bool isOn(const Stmt& s, const std::string& q, AsyncRole::Kind k) {
    return s.kind == StmtKind::Instr && s.instr->async.queue == q && s.instr->async.kind == k;
  }
  static bool commitsOn(const Stmt& s, const std::string& q) {
    return s.kind == StmtKind::Instr && s.instr->async.queue == q && s.instr->async.commits();
  }

  /// Groups of queue `q` that one thread commits while `s` runs once.
  int64_t commitsIn(const Stmt& s, const std::string& q) {
    if (commitsOn(s, q)) return 1;
    if (s.kind == StmtKind::Instr) return 0;
    switch (s.kind) {
      case StmtKind::Block: {
        int64_t n = 0;
        for (const StmtPtr& c : s.body)
          if (c) n += commitsIn(*c, q);
        return n;
      }
      case StmtKind::For: {
        int64_t per = s.forBody() ? commitsIn(*s.forBody(), q) : 0;
        if (per == 0) return 0;
        if (s.isParallel()) return per;  // the thread runs one iteration (checkCoverage: it runs one)
        int64_t trip = s.tripCount();
        if (trip < 0)
          throw Unprovable{&s, "a loop (noted) commits groups a number of times that is not a constant"};
        return trip * per;
      }
      case StmtKind::If: {
        int64_t a = s.body.size() > 0 && s.body[0] ? commitsIn(*s.body[0], q) : 0;
        int64_t b = s.body.size() > 1 && s.body[1] ? commitsIn(*s.body[1], q) : 0;
        if (a == b) return a;
        if (s.cond && isRoleCondition(*s.cond, pathTo(*f_.kernel, s))) {
          if (std::optional<bool> then = branchOfThreadsInQuestion(s)) return *then ? a : b;
          if (a == 0 || b == 0) {
            checkRoleOwnsQueue(s, a != 0, q);
            return a != 0 ? a : b;
          }
        }
        throw Unprovable{&s, "an 'if' (noted) commits groups in one branch only; commit unconditionally (empty groups are "
                             "fine), or make it a role: a condition on parallel loop variables only"};
      }
      default:
        return 0;
    }
  }

  /// The threads whose groups are counted (the threads that run the issue being
  /// checked; the await that completes it runs in the same thread), when they can be
  /// told. A role `if` (model/Roles.h) has one branch per thread for the whole kernel, so
  /// when all these threads that reach it take the same branch, their groups are that
  /// branch's: consumers of a ping-pong kernel each commit in their own role's branch.
  std::optional<std::vector<bool>> inQuestion_;

  /// The branch of role `if` `role` that every thread in question reaching it takes
  /// (true: the `then`); nullopt when no threads are in question, none reaches it, or
  /// they split.
  std::optional<bool> branchOfThreadsInQuestion(const Stmt& role) {
    if (!inQuestion_ || role.body.empty() || !role.body[0]) return std::nullopt;
    std::string why;
    std::optional<std::vector<bool>> reach = threadsRunning(*f_.kernel, role, why);
    std::optional<std::vector<bool>> taking = threadsRunning(*f_.kernel, *role.body[0], why);
    if (!reach || !taking) return std::nullopt;
    bool anyThen = false, anyElse = false;
    for (size_t t = 0; t < inQuestion_->size() && t < reach->size() && t < taking->size(); ++t) {
      if (!(*inQuestion_)[t] || !(*reach)[t]) continue;
      ((*taking)[t] ? anyThen : anyElse) = true;
    }
    if (anyThen == anyElse) return std::nullopt;  // none reaches it, or they split
    return anyThen;
  }

  /// A role `if` (model/Roles.h) that commits groups of `q` in one branch only: groups are
  /// counted as that branch commits them, which is right for the threads that take it.
  /// So every thread that touches the queue (issues, commits, awaits) must take it.
  void checkRoleOwnsQueue(const Stmt& role, bool thenBranch, const std::string& q) {
    if (!roleChecked_.insert({&role, q}).second) return;
    std::string why;
    std::optional<std::vector<bool>> taking = threadsRunning(*f_.kernel, *role.body[thenBranch ? 0 : 1], why);
    if (!taking) throw Unprovable{&role, "which threads take the role 'if' (noted) cannot be told: " + why};
    walkStmts(*f_.kernel->blockBody, [&](Stmt& st, const std::vector<Stmt*>&) {
      if (st.kind != StmtKind::Instr) return true;
      if (st.instr->async.queue != q || st.instr->async.kind == AsyncRole::Kind::None || st.instr->async.ring()) return false;
      std::optional<std::vector<bool>> running = threadsRunning(*f_.kernel, st, why);
      if (!running) throw Unprovable{&st, "which threads run this statement (noted) cannot be told: " + why};
      for (size_t t = 0; t < running->size() && t < taking->size(); ++t)
        if ((*running)[t] && !(*taking)[t])
          throw Unprovable{&st, "thread " + std::to_string(t) + " uses the queue here (noted) but does not take the branch of "
                                "the role 'if' that commits its groups; keep a queue within one role"};
      return false;
    });
  }
  std::set<std::pair<const Stmt*, std::string>> roleChecked_;

  /// G: groups of `q` committed, in the running thread, before the point `path` leads to.
  /// A sequential loop before the point whose trip count is not a constant, each
  /// iteration committing `per` groups: `per` times its trip count, an atom defined
  /// (in `defs`) from the loop's bounds in `inst`.
  Poly symbolicCommits(const Stmt& l, int64_t per, Instance& inst, std::vector<z3::expr>& defs) {
    std::string why;
    std::optional<Poly> lo = l.lo ? enc_.intExpr(*l.lo, inst, why) : std::nullopt;
    std::optional<Poly> hi = l.hi ? enc_.intExpr(*l.hi, inst, why) : std::nullopt;
    if (!lo || !hi || l.step <= 0 || (l.compareAs && !conversionKeepsValue(l.var->type.scalar, *l.compareAs)))
      throw Unprovable{&l, "a loop (noted) commits groups a number of times that cannot be modelled"};
    // trip = ceil((hi - lo) / step) when hi > lo, else 0.
    int q, r;
    enc_.floorDivMod(*hi - *lo + Poly::constant(l.step - 1), l.step, inst, q, r);
    int trip = enc_.newAtom("trip");
    defs.push_back(enc_.atomExpr(trip) == z3::ite(enc_.toZ3(*hi - *lo) > 0, enc_.atomExpr(q), q_.ctx.int_val(0)));
    return Poly::atom(trip).scaled(per);
  }

  /// Groups of `q` that one thread commits while `s` (a statement before the point) runs:
  /// a constant, or with sequential loops whose trip count is not one, in blocks (the
  /// first tile of a persistent kernel's two: model/Persistent), symbolic.
  Poly commitsBefore(const Stmt& s, const std::string& q, Instance& inst, std::vector<z3::expr>& defs) {
    if (s.kind == StmtKind::For && !s.isParallel() && s.tripCount() < 0 && s.forBody()) {
      int64_t per = commitsIn(*s.forBody(), q);
      return per ? symbolicCommits(s, per, inst, defs) : Poly();
    }
    if (s.kind == StmtKind::Block) {
      Poly g;
      for (const StmtPtr& c : s.body)
        if (c) g = g + commitsBefore(*c, q, inst, defs);
      return g;
    }
    return Poly::constant(commitsIn(s, q));
  }

  Poly groupsBefore(const Path& path, Instance& inst, const std::string& q, std::vector<z3::expr>& defs) {
    Poly g;
    for (const PathStep& step : path) {
      const Stmt* c = step.container;
      if (c->kind == StmtKind::Instr) break;
      if (c->kind == StmtKind::Block) {
        for (int i = 0; i < step.child; ++i) {
          const Stmt* sib = c->body[i].get();
          if (sib) g = g + commitsBefore(*sib, q, inst, defs);
        }
      } else if (c->kind == StmtKind::For && !c->isParallel()) {
        int64_t per = c->forBody() ? commitsIn(*c->forBody(), q) : 0;
        if (per) g = g + Poly::atom(inst.iter.at(c)).scaled(per);
      }
    }
    return g;
  }

  /// Group counts are per thread, and groupsBefore counts a parallel loop's commits
  /// once: right for the threads that run an iteration of it. Threads that idle in a
  /// loop committing on the queue count fewer. Sound when every parallel loop around a
  /// commit covers its collective, or when all commits and issues sit in loops of one
  /// shape: then a thread that issues runs an iteration of each (the queue belongs to a
  /// fixed set of threads).
  void checkCoverage(const std::string& q) {
    if (!coverageChecked_.insert(q).second) return;
    std::vector<std::pair<const Stmt*, std::vector<std::pair<int64_t, int64_t>>>> shapes;
    bool allCover = true;
    std::function<void(const Stmt&, std::vector<const Stmt*>&)> walk = [&](const Stmt& s, std::vector<const Stmt*>& loops) {
      if (s.kind == StmtKind::Instr) {
        // Awaits do not count groups (an await a thread skips is no completion for it:
        // the completion formulas see that); commits do, and issues join them.
        const AsyncRole& a = s.instr->async;
        if (a.queue != q || a.kind == AsyncRole::Kind::None || a.awaits()) return;
        std::vector<std::pair<int64_t, int64_t>> shape;
        for (const Stmt* l : loops) {
          shape.push_back({threadsUsed(*l), l->collective});
          if (a.commits() && threadsUsed(*l) != l->collective) allCover = false;
        }
        shapes.push_back({&s, shape});
        return;
      }
      const bool par = s.isParallel() && s.loop != LoopKind::Block;
      if (par) loops.push_back(&s);
      for (const StmtPtr& c : s.body)
        if (c) walk(*c, loops);
      if (par) loops.pop_back();
    };
    std::vector<const Stmt*> loops;
    if (f_.kernel->body) walk(*f_.kernel->body, loops);
    if (allCover) return;
    for (const auto& [st, shape] : shapes)
      if (shape != shapes.front().second)
        throw Unprovable{st, "threads that idle in some of the parallel loops around the queue's statements (one is "
                             "noted) would count its groups differently; issue, commit and await it in loops of one "
                             "shape, or in loops that cover their collective"};
  }
  std::set<std::string> coverageChecked_;

  // ------------------------------------------------------------ completions
  /// One await site of the queue, instantiated for one issue: `exists` says that the
  /// first of its executions that completes the issue runs; its free iteration (if any)
  /// is defined by `defs` as a function of the issue's atoms, so that "no await
  /// completes" is a quantifier-free formula.
  struct Completion {
    const PlacedStmt* await = nullptr;
    Instance w;
    std::vector<z3::expr> defs;
    std::optional<z3::expr> exists;
    /// `exists` without registersNamed's condition (to tell why no await completes).
    std::optional<z3::expr> existsUnnamed;
  };

  /// The outer loop of a two-level count around an await's loop `inner`: the sequential
  /// loop right around `inner` (of a constant trip count T), whose body commits groups
  /// of `q` only in `inner` (T times inner's); nullptr when there is none.
  const Stmt* flattenedOuter(const Stmt& inner, const Path& path, const std::string& q) {
    const Stmt* around = nullptr;
    for (const Stmt* l : enclosingLoops(path)) {
      if (l == &inner) break;
      around = l;
    }
    if (!around || around->loop != LoopKind::Seq || !around->forBody() || !inner.forBody()) return nullptr;
    try {
      const int64_t T = inner.tripCount(), per = commitsIn(*inner.forBody(), q);
      if (T < 1 || per < 1 || commitsIn(*around->forBody(), q) != T * per) return nullptr;
    } catch (const Unprovable&) {
      return nullptr;  // counted symbolically: not flattened
    }
    return around;
  }

  /// For an issue's register access x: the await's register operands must hold x's
  /// element. An await's CUDA form (wgmma.wait_group) orders only the registers passed
  /// to it: the compiler may move an access to an accumulator the wait does not name
  /// before the wait (review of the fourteenth session: a wait naming acc, then reads of
  /// acc2, was proven). Only for the registers the instruction writes (its accumulator):
  /// nullopt for other accesses and for an await that names no registers.
  std::optional<z3::expr> registersNamed(const AccessSite& x, Side& xs, Completion& c) {
    if (x.var->memory != Memory::Registers || !x.write) return std::nullopt;
    std::vector<const Expr*> named;
    for (const ExprPtr& o : c.await->stmt->operands)
      if (o && o->var && (o->kind == ExprKind::Window || o->kind == ExprKind::VarRef || o->kind == ExprKind::Index) &&
          o->var->memory == Memory::Registers)
        named.push_back(o.get());
    if (named.empty()) return std::nullopt;
    z3::expr any = q_.ctx.bool_val(false);
    for (const Expr* o : named) {
      if (o->var != x.var) continue;
      if (o->args.size() > x.expr->args.size())
        throw Unprovable{c.await->stmt, "its operand '" + printExpr(*o) + "' has more indices than the access '" +
                                            printExpr(*x.expr) + "' of the asynchronous instruction it completes"};
      z3::expr same = q_.ctx.bool_val(true);
      const size_t before = c.w.facts.size();
      for (size_t i = 0; i < o->args.size(); ++i) {
        std::string why;
        std::optional<Poly> w = enc_.intExpr(*o->args[i], c.w, why);
        std::optional<Poly> a = enc_.intExpr(*x.expr->args[i], xs.inst, why);
        if (!w || !a)
          throw Unprovable{c.await->stmt, "whether its operand '" + printExpr(*o) + "' names the registers of '" +
                                              printExpr(*x.expr) + "' cannot be modelled (" + why + ")"};
        same = same && enc_.toZ3(*w) == enc_.toZ3(*a);
      }
      c.defs.insert(c.defs.end(), c.w.facts.begin() + static_cast<std::ptrdiff_t>(before), c.w.facts.end());
      any = any || same;
    }
    return any;
  }

  Completion complete(const AccessSite& x, const Side& xs, const PlacedStmt& a, int tagNo) {
    Completion c;
    c.await = &a;
    // A role condition (on parallel loop variables only) has one value per thread: the
    // await runs in every iteration for the threads of its role, or in none.
    std::vector<const Stmt*> containers;
    for (const PathStep& s : a.path) {
      if (s.container->kind == StmtKind::If && !(s.container->cond && isRoleCondition(*s.container->cond, containers)))
        throw Unprovable{a.stmt, "an await of its queue (noted) is under a condition that is not a role (a condition on "
                                 "parallel loop variables only); await unconditionally"};
      containers.push_back(s.container);
    }
    std::vector<z3::expr> ranges;
    c.w = enc_.instantiateApart(a.path, "w" + std::to_string(tagNo) + ".", ranges);
    // The await instance's defining facts always hold; that it runs is `ranges`.
    c.defs.insert(c.defs.end(), c.w.facts.begin(), c.w.facts.end());
    // Loops of both paths (a common prefix of containers).
    size_t prefix = 0;
    while (prefix < a.path.size() && prefix < x.path.size() && a.path[prefix] == x.path[prefix]) ++prefix;
    // Outermost first (program order, not by address: the definitions below go to the
    // solver in this order, and the witnesses depend on it).
    std::vector<const Stmt*> common;
    for (size_t i = 0; i < a.path.size() && i < x.path.size() && a.path[i].container == x.path[i].container; ++i)
      if (a.path[i].container->kind == StmtKind::For) common.push_back(a.path[i].container);
    auto isCommon = [&](const Stmt* l) { return std::find(common.begin(), common.end(), l) != common.end(); };
    const Stmt* innermostCommonSeq = nullptr;
    for (const Stmt* l : enclosingLoops(a.path))
      if (isCommon(l) && l->loop == LoopKind::Seq) innermostCommonSeq = l;
    std::vector<const Stmt*> ownSeq;
    for (const Stmt* l : enclosingLoops(a.path))
      if (!isCommon(l) && l->loop == LoopKind::Seq) ownSeq.push_back(l);
    // A K loop in two levels (`for ko ... for ki < 4`, the inner loop of a constant trip
    // count T right inside the outer, and all the outer body's groups committed by it):
    // the two count as one loop of step index T * ko + ki (flatOuter), so that the await
    // of the next step may be in the next `ko`; both shared with the issue, or both the
    // await's own (the next tile of a persistent kernel).
    const Stmt* free = nullptr;
    const Stmt* flatOuter = nullptr;
    if (ownSeq.size() == 2 && flattenedOuter(*ownSeq[1], a.path, queue(x)) == ownSeq[0]) {
      free = ownSeq[1];
      flatOuter = ownSeq[0];
    } else if (ownSeq.size() > 1) {
      throw Unprovable{a.stmt, "an await of its queue (noted) is nested in two sequential loops that the issue is not in"};
    } else if (ownSeq.empty()) {
      free = innermostCommonSeq;
      const Stmt* around = free ? flattenedOuter(*free, a.path, queue(x)) : nullptr;
      if (around && isCommon(around)) flatOuter = around;
    } else {
      free = ownSeq[0];
    }
    // The await runs in the issuing thread, in the same iterations of the common loops
    // (but the free ones).
    for (const Stmt* l : common)
      if (l != free && l != flatOuter) c.defs.push_back(enc_.atomExpr(c.w.iter.at(l)) == enc_.atomExpr(xs.inst.iter.at(l)));
    if (c.w.flat && xs.inst.flat) c.defs.push_back(enc_.toZ3(*c.w.flat) == enc_.toZ3(*xs.inst.flat));
    const std::string& qn = queue(x);
    int64_t pending = a.stmt->instr->async.pending;
    Instance xi = xs.inst;  // its loop variables; facts of new atoms go to defs
    xi.facts.clear();
    Poly gX = groupsBefore(x.path, xi, qn, c.defs);
    c.defs.insert(c.defs.end(), xi.facts.begin(), xi.facts.end());
    Instance wi = c.w;
    wi.facts.clear();
    Poly gW = groupsBefore(a.path, wi, qn, c.defs);
    c.defs.insert(c.defs.end(), wi.facts.begin(), wi.facts.end());
    z3::expr validW = allOf(q_.ctx, ranges);
    if (!free) {
      z3::expr after = seqBefore(enc_, q_.ctx, x.path, xs.inst.iter, a.path, c.w.iter);
      c.exists = validW && after && enc_.toZ3(gW - gX) - q_.ctx.int_val(pending) > 0;
      return c;
    }
    // The free loop's iteration j: the first one at or after the issue that completes
    // it. gW - gX - N = per * j + R.
    int j = c.w.iter.at(free);
    int64_t per = free->forBody() ? commitsIn(*free->forBody(), qn) : 0;
    Poly R = gW - gX - Poly::constant(pending) - Poly::atom(j).scaled(per);
    z3::expr J = enc_.atomExpr(j);
    // Flattened: J stands for T * jo + j, defined below from the first such index.
    const int64_t T = flatOuter ? free->tripCount() : 0;
    if (flatOuter) {
      R = R - Poly::atom(c.w.iter.at(flatOuter)).scaled(per * T);
      J = enc_.atomExpr(enc_.newAtom("w" + std::to_string(tagNo) + ".step"));
    }
    z3::expr lowest = q_.ctx.int_val(0);
    if (isCommon(free)) {
      // Same iteration only when the await comes after the issue in the loop's body.
      z3::expr i = enc_.atomExpr(xs.inst.iter.at(free));
      std::map<const Stmt*, int> same = c.w.iter;
      int tmp = enc_.newAtom("w" + std::to_string(tagNo) + ".same");
      same[free] = tmp;
      c.defs.push_back(enc_.atomExpr(tmp) == i);
      if (flatOuter) {
        int tmpOuter = enc_.newAtom("w" + std::to_string(tagNo) + ".sameOuter");
        same[flatOuter] = tmpOuter;
        c.defs.push_back(enc_.atomExpr(tmpOuter) == enc_.atomExpr(xs.inst.iter.at(flatOuter)));
        i = enc_.atomExpr(xs.inst.iter.at(flatOuter)) * q_.ctx.int_val(T) + i;
      }
      z3::expr laterInBody = seqBefore(enc_, q_.ctx, x.path, xs.inst.iter, a.path, same);
      lowest = z3::ite(laterInBody, i, i + 1);
    }
    z3::expr first = lowest;
    if (per > 0) {
      // per * j + R > 0  <=>  j >= floor(-R / per) + 1.
      Instance scratch;
      int fq, fr;
      enc_.floorDivMod(Poly::constant(0) - R, per, scratch, fq, fr);
      for (const z3::expr& e : scratch.facts) c.defs.push_back(e);
      z3::expr byGroups = enc_.atomExpr(fq) + 1;
      first = z3::ite(byGroups > lowest, byGroups, lowest);
      c.defs.push_back(J == first);
      if (flatOuter) {
        c.defs.push_back(enc_.atomExpr(c.w.iter.at(flatOuter)) == J / q_.ctx.int_val(T));
        c.defs.push_back(enc_.atomExpr(j) == z3::mod(J, q_.ctx.int_val(T)));
      }
      c.exists = validW;
    } else {
      c.defs.push_back(J == first);
      c.exists = validW && enc_.toZ3(R) > 0;
    }
    return c;
  }

  // ------------------------------------------------------------ the checks
  void checkSite(const AccessSite& x, std::set<const Stmt*>& reportedIssue) {
    std::string why;
    inQuestion_ = threadsRunning(*f_.kernel, *x.instr, why);
    struct Reset {
      std::optional<std::vector<bool>>& v;
      ~Reset() { v.reset(); }
    } reset{inQuestion_};
    const std::string& qn = queue(x);
    checkCoverage(qn);
    // await<N> completes the groups' accesses; await_read<N> only their reads.
    std::vector<const PlacedStmt*> awaits;
    for (const PlacedStmt& p : awaits_())
      if (isOn(*p.stmt, qn, AsyncRole::Kind::Await) || (!x.write && isOn(*p.stmt, qn, AsyncRole::Kind::AwaitRead)))
        awaits.push_back(&p);
    Side xs = q_.makeSide(x, "x.");
    std::vector<Completion> cs;
    for (const PlacedStmt* a : awaits) {
      cs.push_back(complete(x, xs, *a, static_cast<int>(cs.size())));
      Completion& c = cs.back();
      c.existsUnnamed = c.exists;
      if (std::optional<z3::expr> named = registersNamed(x, xs, c)) c.exists = *c.exists && *named;
    }
    auto base = [&](z3::solver& s) {
      Queries::addFacts(s, xs.inst);
      for (const Completion& c : cs)
        for (const z3::expr& d : c.defs) s.add(d);
    };

    // 1. Some await completes every issue (a queue drained at the kernel's exit completes
    // there: later accesses are the in-flight check's).
    if (reportedIssue.count(x.instr)) return;
    if (x.instr->instr->async.drainedAtExit) {
      // The drain waits for committed groups only: the store's group must be committed.
      // Sound and simple: a commit of the queue follows it in a statement list that
      // holds it (every run of the store runs that commit after it).
      if (!committedAfter(x))
        throw Unprovable{x.instr, "no commit of queue '" + qn + "' follows it in its statement list (or after the ifs and "
                                  "sequential loops around it), and only committed "
                                  "groups complete (at an await or at the kernel's exit); commit its group right after it"};
    } else {
      z3::solver s = q_.newSolver();
      base(s);
      for (const Completion& c : cs) s.add(!*c.exists);
      Verdict v = q_.solve(s);
      if (v != Verdict::Unsat) {
        if (v == Verdict::Sat && x.var->memory == Memory::Registers && x.write) {
          z3::solver u = q_.newSolver();
          base(u);
          for (const Completion& c : cs) u.add(!*c.existsUnnamed);
          if (q_.solve(u) == Verdict::Unsat)
            throw Unprovable{x.instr, "no await of queue '" + qn + "' that names the registers of '" + printExpr(*x.expr) +
                                          "' completes it (an await's CUDA form orders only the registers passed to it, and the "
                                          "first run of an await statement that completes the group must name them: a later "
                                          "run of it in a loop is not looked for); name them there, or await each register "
                                          "array the group writes in a statement of its own (for '" +
                                          x.var->name + "': one per array, not one in a loop over them)"};
        }
        reportedIssue.insert(x.instr);
        if (v == Verdict::Unknown) throw Unprovable{x.instr, "the solver could not decide it"};
        smallWitness(q_, s);
        z3::model m = s.get_model();
        if (WitnessCheck w = checkWitness(enc_, m, xs); !w.real) throw Unprovable{x.instr, unrealWitnessReason(w)};
        sink_.diag(DiagID::err_async_not_awaited, x.instr->range, {x.instr->instr->name, qn});
        sink_.diag(DiagID::note_witness, x.instr->range, {witnessText(enc_, m, xs, xs)});
        return;
      }
    }

    // 2. Nothing touches the operand while it is in flight.
    for (const AccessSite& z : f_.sites) {
      if (!mayConflict(z, x) || bad_.count(&z)) continue;
      // A queue that keeps its order on registers (wgmma accumulating into one
      // fragment): its own later calls may touch them.
      if (z.instr && z.instr->instr->async.async() && z.instr->instr->async.queue == qn &&
          x.var->memory == Memory::Registers)
        continue;
      Side zs = q_.makeSide(z, "z.");
      z3::solver s = q_.newSolver();
      base(s);
      Queries::addFacts(s, zs.inst);
      addLaterSameElement(q_, s, xs, zs);
      for (const Completion& c : cs) s.add(!*c.exists || !seqBefore(enc_, q_.ctx, c.await->path, c.w.iter, z.path, zs.inst.iter));
      q_.countPair();
      Verdict v = q_.solve(s);
      if (v == Verdict::Unsat) continue;
      if (!reportedIssue.insert(z.expr == x.expr ? x.instr : z.stmt).second) continue;
      if (v == Verdict::Unknown) {
        sink_.diag(DiagID::err_cannot_prove, z.range(),
                   {"that '" + printExpr(*z.expr) + "' does not touch what the asynchronous '" + x.instr->instr->name +
                        "' still accesses",
                    "the solver could not decide it"});
        continue;
      }
      smallWitness(q_, s);
      z3::model m = s.get_model();
      if (WitnessCheck w = bothReal(enc_, m, xs, zs); !w.real) {
        sink_.diag(DiagID::err_cannot_prove, z.range(),
                   {"that '" + printExpr(*z.expr) + "' does not touch what the asynchronous '" + x.instr->instr->name +
                        "' still accesses",
                    unrealWitnessReason(w)});
        continue;
      }
      sink_.diag(DiagID::err_async_in_flight, z.range(),
                 {printExpr(*z.expr), z.write ? "writes" : "reads", elementText(enc_, m, zs), x.instr->instr->name,
                  x.write ? "writing" : "reading", qn});
      sink_.diag(DiagID::note_async_issue, x.instr->range, {x.instr->instr->name, threadText(enc_, m, xs)});
      sink_.diag(DiagID::note_witness, z.range(), {witnessText(enc_, m, xs, zs)});
      noteMeaning(sink_, x);
    }

    // 3. Later accesses are ordered after the completing await (the earliest one).
    for (size_t i = 0; i < cs.size(); ++i) {
      const Completion& c = cs[i];
      auto site = std::make_unique<AccessSite>(x);
      site->path = c.await->path;
      site->stmt = c.await->stmt;
      site->completes = &x;
      site->completedAt = c.await->stmt;
      Side p;
      p.site = site.get();
      p.id = xs.id;
      p.inst = c.w;
      p.inst.facts = xs.inst.facts;
      for (const z3::expr& d : c.defs) p.inst.facts.push_back(d);
      for (const Completion& o : cs)
        for (const z3::expr& d : o.defs) p.inst.facts.push_back(d);
      p.inst.facts.push_back(*c.exists);
      for (size_t j = 0; j < cs.size(); ++j)
        if (j != i)
          p.inst.facts.push_back(!*cs[j].exists ||
                                 !seqBefore(enc_, q_.ctx, cs[j].await->path, cs[j].w.iter, c.await->path, c.w.iter));
      p.inst.flat = xs.inst.flat;
      p.inst.dropped.insert(p.inst.dropped.end(), xs.inst.dropped.begin(), xs.inst.dropped.end());
      p.idx = xs.idx;
      p.issue = std::make_shared<Side>(xs);
      races_.racesAfterCompletion(*site, p);
      pseudo_.push_back(std::move(site));
    }
  }


  /// Is the issue `x` followed by a commit of its queue that every run of it reaches: one
  /// later in a statement list that holds it, directly or through ifs and sequential
  /// loops (the commit runs once they are done). Not across a parallel loop: what
  /// follows that loop runs in other threads too, and a queue is one thread's.
  bool committedAfter(const AccessSite& x) const {
    size_t at = 0;  // the step whose container is the issue: the meaning starts there
    while (at < x.path.size() && x.path[at].container != x.instr) ++at;
    const Stmt* inner = x.instr;  // the statement of the current list that holds the issue
    for (size_t i = at; i-- > 0;) {
      const PathStep& step = x.path[i];
      const Stmt& c = *step.container;
      if (c.kind == StmtKind::For && c.isParallel()) return false;
      if (c.kind == StmtKind::Block && step.child >= 0 && static_cast<size_t>(step.child) < c.body.size() &&
          c.body[static_cast<size_t>(step.child)].get() == inner)
        for (size_t k = static_cast<size_t>(step.child) + 1; k < c.body.size(); ++k)
          if (c.body[k] && commitsOn(*c.body[k], queue(x))) return true;
      inner = &c;
    }
    return false;
  }

  /// The kernel's awaits (of every queue) with their paths.
  const std::vector<PlacedStmt>& awaits_() {
    if (!awaitsCollected_) {
      awaitsCollected_ = true;
      for (const PlacedStmt& p : instructionStatements(*f_.kernel))
        if (p.stmt->instr->async.awaits()) awaitList_.push_back(p);
    }
    return awaitList_;
  }

  const KernelFacts& f_;
  Queries& q_;
  Encoder& enc_;
  RaceCheck& races_;
  DiagSink& sink_;
  const std::set<const AccessSite*>& bad_;
  bool awaitsCollected_ = false;
  std::vector<PlacedStmt> awaitList_;
  std::vector<std::unique_ptr<AccessSite>> pseudo_;  // completion sites (reports point into them)
  RingChecks rings_;
};

}  // namespace

void checkAsync(const KernelFacts& facts, Queries& q, RaceCheck& races, DiagSink& sink,
                const std::set<const AccessSite*>& bad) {
  AsyncCheck(facts, q, races, sink, bad).run();
}

}  // namespace exo::checker
