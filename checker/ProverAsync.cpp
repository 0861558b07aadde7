#include "checker/ProverAsync.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "checker/ProverReport.h"
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
  for (const AccessSite& s : facts.sites)
    if (s.instr && s.instr->instr->async.async()) return true;
  return false;
}

namespace {

struct Unprovable {
  const Stmt* at;
  std::string why;
};

class AsyncCheck {
public:
  AsyncCheck(const KernelFacts& facts, Queries& q, RaceCheck& races, DiagSink& sink,
             const std::set<const AccessSite*>& bad)
      : f_(facts), q_(q), enc_(q.enc), races_(races), sink_(sink), bad_(bad) {}

  void run() {
    checkRings();
    std::set<const Stmt*> reportedIssue;
    for (const AccessSite& x : f_.sites) {
      if (!x.instr || !x.instr->instr->async.async() || bad_.count(&x)) continue;
      try {
        if (x.instr->instr->async.kind == AsyncRole::Kind::IssueRing) {
          checkRingAccess(x, reportedIssue);
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
        if (a != b)
          throw Unprovable{&s, "an 'if' (noted) commits groups in one branch only; commit unconditionally (empty groups are fine)"};
        return a;
      }
      default:
        return 0;
    }
  }

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

  Poly groupsBefore(const Path& path, Instance& inst, const std::string& q, std::vector<z3::expr>& defs) {
    Poly g;
    for (const PathStep& step : path) {
      const Stmt* c = step.container;
      if (c->kind == StmtKind::Instr) break;
      if (c->kind == StmtKind::Block) {
        for (int i = 0; i < step.child; ++i) {
          const Stmt* sib = c->body[i].get();
          if (!sib) continue;
          if (sib->kind == StmtKind::For && !sib->isParallel() && sib->tripCount() < 0 && sib->forBody()) {
            int64_t per = commitsIn(*sib->forBody(), q);
            if (per) g = g + symbolicCommits(*sib, per, inst, defs);
            continue;
          }
          g = g + Poly::constant(commitsIn(*sib, q));
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
        if (a.queue != q || a.kind == AsyncRole::Kind::None || a.kind == AsyncRole::Kind::Await) return;
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

  // ------------------------------------------------------------ sequential order
  /// Point a (path, iterations) runs before point b in the sequential program.
  z3::expr seqBefore(const Path& pa, const std::map<const Stmt*, int>& ia, const Path& pb,
                     const std::map<const Stmt*, int>& ib, size_t i = 0) {
    if (i >= pa.size() || i >= pb.size()) return q_.ctx.bool_val(false);
    const PathStep &sa = pa[i], &sb = pb[i];
    if (sa.container != sb.container) return q_.ctx.bool_val(false);  // not from one root: never
    const Stmt* c = sa.container;
    if (sa.child != sb.child) return q_.ctx.bool_val(c->kind == StmtKind::Block && sa.child < sb.child);
    if (c->kind == StmtKind::For) {
      auto a = ia.find(c), b = ib.find(c);
      if (a != ia.end() && b != ib.end()) {
        z3::expr A = enc_.atomExpr(a->second), B = enc_.atomExpr(b->second);
        return A < B || (A == B && seqBefore(pa, ia, pb, ib, i + 1));
      }
    }
    return seqBefore(pa, ia, pb, ib, i + 1);
  }

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
  };

  static z3::expr all(z3::context& ctx, const std::vector<z3::expr>& v) {
    z3::expr e = ctx.bool_val(true);
    for (const z3::expr& x : v) e = e && x;
    return e;
  }

  std::vector<const Stmt*> loopsOf(const Path& p) { return enclosingLoops(p); }

  Completion complete(const AccessSite& x, const Side& xs, const PlacedStmt& a, int tagNo) {
    Completion c;
    c.await = &a;
    for (const PathStep& s : a.path)
      if (s.container->kind == StmtKind::If)
        throw Unprovable{a.stmt, "an await of its queue (noted) is under a condition; await unconditionally"};
    std::vector<z3::expr> ranges;
    c.w = enc_.instantiateApart(a.path, "w" + std::to_string(tagNo) + ".", ranges);
    // The await instance's defining facts always hold; that it runs is `ranges`.
    c.defs.insert(c.defs.end(), c.w.facts.begin(), c.w.facts.end());
    // Loops of both paths (a common prefix of containers).
    size_t prefix = 0;
    while (prefix < a.path.size() && prefix < x.path.size() && a.path[prefix] == x.path[prefix]) ++prefix;
    std::set<const Stmt*> common;
    for (size_t i = 0; i < a.path.size() && i < x.path.size() && a.path[i].container == x.path[i].container; ++i)
      if (a.path[i].container->kind == StmtKind::For) common.insert(a.path[i].container);
    const Stmt* innermostCommonSeq = nullptr;
    for (const Stmt* l : loopsOf(a.path))
      if (common.count(l) && l->loop == LoopKind::Seq) innermostCommonSeq = l;
    std::vector<const Stmt*> ownSeq;
    for (const Stmt* l : loopsOf(a.path))
      if (!common.count(l) && l->loop == LoopKind::Seq) ownSeq.push_back(l);
    if (ownSeq.size() > 1)
      throw Unprovable{a.stmt, "an await of its queue (noted) is nested in two sequential loops that the issue is not in"};
    const Stmt* free = ownSeq.empty() ? innermostCommonSeq : ownSeq[0];
    // The await runs in the issuing thread, in the same iterations of the common loops
    // (but the free one).
    for (const Stmt* l : common)
      if (l != free) c.defs.push_back(enc_.atomExpr(c.w.iter.at(l)) == enc_.atomExpr(xs.inst.iter.at(l)));
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
    z3::expr validW = all(q_.ctx, ranges);
    if (!free) {
      z3::expr after = seqBefore(x.path, xs.inst.iter, a.path, c.w.iter);
      c.exists = validW && after && enc_.toZ3(gW - gX) - q_.ctx.int_val(pending) > 0;
      return c;
    }
    // The free loop's iteration j: the first one at or after the issue that completes
    // it. gW - gX - N = per * j + R.
    int j = c.w.iter.at(free);
    int64_t per = free->forBody() ? commitsIn(*free->forBody(), qn) : 0;
    Poly R = gW - gX - Poly::constant(pending) - Poly::atom(j).scaled(per);
    z3::expr J = enc_.atomExpr(j);
    z3::expr lowest = q_.ctx.int_val(0);
    if (common.count(free)) {
      // Same iteration only when the await comes after the issue in the loop's body.
      z3::expr i = enc_.atomExpr(xs.inst.iter.at(free));
      std::map<const Stmt*, int> same = c.w.iter;
      int tmp = enc_.newAtom("w" + std::to_string(tagNo) + ".same");
      same[free] = tmp;
      c.defs.push_back(enc_.atomExpr(tmp) == i);
      z3::expr laterInBody = seqBefore(x.path, xs.inst.iter, a.path, same);
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
      c.exists = validW;
    } else {
      c.defs.push_back(J == first);
      c.exists = validW && enc_.toZ3(R) > 0;
    }
    return c;
  }

  // ------------------------------------------------------------ the checks
  void checkSite(const AccessSite& x, std::set<const Stmt*>& reportedIssue) {
    const std::string& qn = queue(x);
    checkCoverage(qn);
    std::vector<const PlacedStmt*> awaits;
    for (const PlacedStmt& p : awaits_())
      if (isOn(*p.stmt, qn, AsyncRole::Kind::Await)) awaits.push_back(&p);
    Side xs = q_.makeSide(x, "x.");
    std::vector<Completion> cs;
    for (const PlacedStmt* a : awaits) cs.push_back(complete(x, xs, *a, static_cast<int>(cs.size())));
    auto base = [&](z3::solver& s) {
      Queries::addFacts(s, xs.inst);
      for (const Completion& c : cs)
        for (const z3::expr& d : c.defs) s.add(d);
    };

    // 1. Some await completes every issue.
    if (reportedIssue.count(x.instr)) return;
    {
      z3::solver s = q_.newSolver();
      base(s);
      for (const Completion& c : cs) s.add(!*c.exists);
      Verdict v = q_.solve(s);
      if (v != Verdict::Unsat) {
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
      if (z.var != x.var || !(z.write || x.write) || bad_.count(&z)) continue;
      // A queue that keeps its order on registers (wgmma accumulating into one
      // fragment): its own later calls may touch them.
      if (z.instr && z.instr->instr->async.async() && z.instr->instr->async.queue == qn &&
          x.var->memory == Memory::Registers)
        continue;
      Side zs = q_.makeSide(z, "z.");
      z3::solver s = q_.newSolver();
      base(s);
      Queries::addFacts(s, zs.inst);
      for (const Stmt* g : xs.inst.gridLoops)
        if (zs.inst.iter.count(g)) s.add(enc_.atomExpr(xs.inst.iter.at(g)) == enc_.atomExpr(zs.inst.iter.at(g)));
      s.add(q_.sameElement(xs, zs));
      s.add(q_.differentIssues(xs, zs));
      s.add(seqBefore(x.path, xs.inst.iter, z.path, zs.inst.iter));
      for (const Completion& c : cs) s.add(!*c.exists || !seqBefore(c.await->path, c.w.iter, z.path, zs.inst.iter));
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
                                 !seqBefore(cs[j].await->path, cs[j].w.iter, c.await->path, c.w.iter));
      p.inst.flat = xs.inst.flat;
      p.inst.dropped.insert(p.inst.dropped.end(), xs.inst.dropped.begin(), xs.inst.dropped.end());
      p.idx = xs.idx;
      p.issue = std::make_shared<Side>(xs);
      races_.racesAfterCompletion(*site, p);
      pseudo_.push_back(std::move(site));
    }
  }


  // ============================================================ mbarrier rings (TMA)
  // A ring statement's ring is its second-to-last operand, its position the last.
  static const Var* ringOf(const Stmt& call) {
    return call.operands.size() >= 2 ? call.operands[call.operands.size() - 2]->var : nullptr;
  }
  static const Expr& positionOf(const Stmt& call) { return *call.operands.back(); }
  static int64_t slotsOf(const Var& ring) { return ring.dims.empty() ? 1 : ring.dims[0]; }

  /// Every instruction statement with its path (for the ring checks).
  const std::vector<PlacedStmt>& instrs() {
    if (!instrsCollected_) {
      instrsCollected_ = true;
      std::function<void(const Stmt&, Path&)> walk = [&](const Stmt& s, Path& path) {
        if (s.kind == StmtKind::Instr) {
          instrList_.push_back({&s, path});
          return;
        }
        for (size_t i = 0; i < s.body.size(); ++i) {
          if (!s.body[i]) continue;
          path.push_back({&s, static_cast<int>(i)});
          walk(*s.body[i], path);
          path.pop_back();
        }
      };
      Path p;
      if (f_.kernel->body) walk(*f_.kernel->body, p);
    }
    return instrList_;
  }
  std::vector<const PlacedStmt*> ringStmts(const Var* ring, AsyncRole::Kind kind) {
    std::vector<const PlacedStmt*> out;
    for (const PlacedStmt& p : instrs())
      if (p.stmt->instr->async.kind == kind && ringOf(*p.stmt) == ring) out.push_back(&p);
    return out;
  }

  /// The position of a ring statement's instance.
  Poly positionIn(const PlacedStmt& st, Instance& inst) {
    std::string why;
    std::optional<Poly> p = enc_.intExpr(positionOf(*st.stmt), inst, why);
    if (!p) throw Unprovable{st.stmt, "its ring position cannot be modelled (" + why + ")"};
    return *p;
  }

  /// An instance of ring statement `st` at ring position `target`, defined (`defs`, always
  /// satisfiable) from `anchor`'s atoms: the loops it shares with the anchor's path take
  /// the anchor's iterations, except the sequential loop whose variable the position
  /// counts (it is solved from the position); its parallel iterations are those of the
  /// thread `flat` (a waiting thread) or, when `flat` is null, the only ones (a copy is
  /// issued by one thread). `exists` says that this instance runs.
  struct Pinned {
    Instance inst;
    std::vector<z3::expr> defs;
    std::optional<z3::expr> exists;
  };
  Pinned pinAt(const PlacedStmt& st, const Poly& target, const Path& anchorPath, const Instance& anchor,
               const std::optional<Poly>& flat, int tag) {
    Pinned pin;
    std::vector<z3::expr> ranges;
    pin.inst = enc_.instantiateApart(st.path, "r" + std::to_string(tag) + ".", ranges);
    Poly pos = positionIn(st, pin.inst);
    pin.defs = pin.inst.facts;
    std::set<const Stmt*> common;
    for (size_t i = 0; i < st.path.size() && i < anchorPath.size() && st.path[i].container == anchorPath[i].container; ++i)
      if (st.path[i].container->kind == StmtKind::For) common.insert(st.path[i].container);
    const Stmt* counted = nullptr;  // the loop whose variable the position counts
    for (const Stmt* l : enclosingLoops(st.path)) {
      if (l->loop != LoopKind::Seq) continue;
      auto it = pin.inst.loopVar.find(l->var);
      if (it == pin.inst.loopVar.end()) continue;
      auto t = pos.terms.find({it->second});
      if (t != pos.terms.end() && t->second == 1) counted = l;
    }
    for (const Stmt* l : enclosingLoops(st.path)) {
      if (l == counted) continue;
      if (l->loop == LoopKind::Block || (l->loop == LoopKind::Seq && common.count(l))) {
        if (!anchor.iter.count(l)) throw Unprovable{st.stmt, "a loop around it is not around the statement it is compared with"};
        pin.defs.push_back(enc_.atomExpr(pin.inst.iter.at(l)) == enc_.atomExpr(anchor.iter.at(l)));
        pin.defs.push_back(enc_.atomExpr(pin.inst.loopVar.at(l->var)) == enc_.atomExpr(anchor.loopVar.at(l->var)));
      } else if (l->loop == LoopKind::Seq) {
        throw Unprovable{st.stmt, "the ring statement (noted) sits in a sequential loop that its position does not count"};
      } else if (!flat) {
        if (l->tripCount() != 1)
          throw Unprovable{st.stmt, "a TMA copy (noted) must be issued by one thread: put it in a thread loop of one iteration"};
        pin.defs.push_back(enc_.atomExpr(pin.inst.iter.at(l)) == 0);
      }
    }
    if (flat && pin.inst.flat) pin.defs.push_back(enc_.toZ3(*pin.inst.flat) == enc_.toZ3(*flat));
    if (!flat) {
      // The rank inside a one-thread iteration is 0 (instantiate bounds it).
    }
    if (counted) {
      if (counted->step != 1)
        throw Unprovable{st.stmt, "the loop its position counts must step by 1"};
      int v = pin.inst.loopVar.at(counted->var);
      Poly rest = pos - Poly::atom(v);
      pin.defs.push_back(enc_.atomExpr(v) == enc_.toZ3(target - rest));
    } else {
      ranges.push_back(enc_.toZ3(pos) == enc_.toZ3(target));
    }
    pin.exists = all(q_.ctx, ranges);
    return pin;
  }

  /// A statement instance as a side (no access: an empty index) for witnesses and the
  /// race formula.
  Side statementSide(const PlacedStmt& st, const Instance& inst, std::vector<std::unique_ptr<AccessSite>>& keep) {
    auto site = std::make_unique<AccessSite>();
    site->stmt = st.stmt;
    site->path = st.path;
    Side sd;
    sd.site = site.get();
    sd.id = -100 - static_cast<int>(keep.size());
    sd.inst = inst;
    keep.push_back(std::move(site));
    return sd;
  }

  void ringError(DiagID id, const Stmt* at, std::vector<std::string> args, z3::solver& s, const Side& a, const Side& b) {
    if (!reportedRing_.insert({at, id}).second) return;
    smallWitness(q_, s);
    z3::model m = s.get_model();
    if (WitnessCheck w = bothReal(enc_, m, a, b); !w.real) {
      sink_.diag(DiagID::err_cannot_prove, at->range, {"that the mbarrier ring protocol here is right", unrealWitnessReason(w)});
      return;
    }
    const int64_t position = val(m, q_.ctx.int_const("ring.position"));
    auto subst = [](std::string& x, const std::string& key, int64_t v) {
      for (size_t at = x.find(key); at != std::string::npos; at = x.find(key, at)) x.replace(at, key.size(), std::to_string(v));
    };
    for (std::string& x : args) {
      subst(x, "{p}", position);
      subst(x, "{next}", position + ringSlots_);
      subst(x, "{slot}", ((position % ringSlots_) + ringSlots_) % ringSlots_);
    }
    sink_.diag(id, at->range, args);
    sink_.diag(DiagID::note_witness, at->range, {witnessText(enc_, m, a, b)});
  }

  /// The protocol of every ring: arrivals (R2), waits satisfiable (R3), phases (R4).
  void checkRings() {
    std::set<const Var*> rings;
    for (const PlacedStmt& p : instrs())
      if (p.stmt->instr->async.ring()) rings.insert(ringOf(*p.stmt));
    for (const Var* ring : rings) {
      if (!ring) continue;
      try {
        checkRing(*ring);
      } catch (const Unprovable& u) {
        sink_.diag(DiagID::err_cannot_prove, u.at->range, {"that the protocol of ring '" + ring->name + "' is right", u.why});
      }
    }
  }

  /// The copies of a ring come in groups: the calls in one block with the same position
  /// expression (a producer step copies A's and B's tiles for one position). Each
  /// position is signalled by one group, so every slot is initialized with the group's
  /// size as its arrival count (rewriter/CudaPrinter computes the same).
  std::vector<std::vector<const PlacedStmt*>> copyGroups(const std::vector<const PlacedStmt*>& copies) {
    std::vector<std::vector<const PlacedStmt*>> groups;
    std::vector<std::pair<const Stmt*, std::string>> keys;
    for (const PlacedStmt* c : copies) {
      std::pair<const Stmt*, std::string> key{c->path.empty() ? nullptr : c->path.back().container, printExpr(positionOf(*c->stmt))};
      size_t g = 0;
      while (g < keys.size() && keys[g] != key) ++g;
      if (g == keys.size()) {
        keys.push_back(key);
        groups.emplace_back();
      }
      groups[g].push_back(c);
    }
    return groups;
  }

  void checkRing(const Var& ring) {
    std::vector<const PlacedStmt*> copies = ringStmts(&ring, AsyncRole::Kind::IssueRing);
    std::vector<const PlacedStmt*> waits = ringStmts(&ring, AsyncRole::Kind::AwaitRing);
    const int64_t S = slotsOf(ring);
    ringSlots_ = S;
    std::vector<std::unique_ptr<AccessSite>> keep;
    int tag = 0;
    z3::expr posAtom = q_.ctx.int_const("ring.position");
    std::vector<std::vector<const PlacedStmt*>> groups = copyGroups(copies);
    for (const auto& g : groups)
      if (g.size() != groups.front().size())
        throw Unprovable{g.front()->stmt, "its copies come in groups of different sizes (one group is noted): each position "
                                          "must be signalled by the same number of copies, the slots' arrival count"};
    // R2: a copy signals a position at most once; no two groups signal one position.
    for (const PlacedStmt* c : copies) {
      Instance a = enc_.instantiate(c->path, "c" + std::to_string(tag++) + ".");
      Instance b = enc_.instantiate(c->path, "c" + std::to_string(tag++) + ".");
      Poly pa = positionIn(*c, a), pb = positionIn(*c, b);
      z3::solver s = q_.newSolver();
      Queries::addFacts(s, a);
      Queries::addFacts(s, b);
      z3::expr differ = q_.ctx.bool_val(false);
      for (const Stmt* l : enclosingLoops(c->path)) {
        if (l->loop == LoopKind::Block) {  // a ring per CTA: the same block
          s.add(enc_.atomExpr(a.iter.at(l)) == enc_.atomExpr(b.iter.at(l)));
          continue;
        }
        differ = differ || enc_.atomExpr(a.iter.at(l)) != enc_.atomExpr(b.iter.at(l));
      }
      if (a.flat && b.flat) differ = differ || enc_.toZ3(*a.flat) != enc_.toZ3(*b.flat);
      s.add(differ && enc_.toZ3(pa) == enc_.toZ3(pb) && posAtom == enc_.toZ3(pa));
      if (q_.solve(s) == Verdict::Sat)
        ringError(DiagID::err_ring_arrivals, c->stmt, {"{p}", ring.name, "is signalled twice by this copy"}, s,
                  statementSide(*c, a, keep), statementSide(*c, b, keep));
    }
    for (size_t g1 = 0; g1 < groups.size(); ++g1)
      for (size_t g2 = g1 + 1; g2 < groups.size(); ++g2) {
        const PlacedStmt* c = groups[g1].front();
        const PlacedStmt* o = groups[g2].front();
        Instance ci = enc_.instantiate(c->path, "c" + std::to_string(tag++) + ".");
        Poly pc = positionIn(*c, ci);
        Pinned po = pinAt(*o, pc, c->path, ci, std::nullopt, tag++);
        z3::solver s = q_.newSolver();
        Queries::addFacts(s, ci);
        for (const z3::expr& d : po.defs) s.add(d);
        s.add(*po.exists && posAtom == enc_.toZ3(pc));
        if (q_.solve(s) == Verdict::Sat)
          ringError(DiagID::err_ring_arrivals, o->stmt, {"{p}", ring.name, "is signalled by two groups of copies (this one and another)"},
                    s, statementSide(*c, ci, keep), statementSide(*o, po.inst, keep));
      }
    for (const PlacedStmt* w : waits) {
      Instance wi = enc_.instantiate(w->path, "w" + std::to_string(tag++) + ".");
      Poly pw = positionIn(*w, wi);
      Side ws = statementSide(*w, wi, keep);
      if (copies.empty()) {
        sink_.diag(DiagID::err_ring_deadlock, w->stmt->range, {"any", ring.name, "no TMA copy signals the ring"});
        continue;
      }
      // R3: some group signals the position waited for, before the wait in the
      // sequential program (so no circular wait can arise: every thread runs its part of
      // the program in that order).
      {
        z3::solver s = q_.newSolver();
        Queries::addFacts(s, wi);
        z3::expr signalled = q_.ctx.bool_val(false);
        for (const auto& g : groups) {
          Pinned pc = pinAt(*g.front(), pw, w->path, wi, std::nullopt, tag++);
          for (const z3::expr& d : pc.defs) s.add(d);
          signalled = signalled || (*pc.exists && seqBefore(g.front()->path, pc.inst.iter, w->path, wi.iter));
        }
        s.add(!signalled && posAtom == enc_.toZ3(pw));
        if (q_.solve(s) == Verdict::Sat)
          ringError(DiagID::err_ring_deadlock, w->stmt,
                    {"{p}", ring.name, "no TMA copy signals that position before it in the sequential program"}, s, ws, ws);
      }
      // R4a: a wait for position p >= S comes after the same thread's wait for p - S
      // (so phase p / S - 1 of the slot is complete and the parity is unambiguous).
      {
        z3::solver s = q_.newSolver();
        Queries::addFacts(s, wi);
        z3::expr earlier = q_.ctx.bool_val(false);
        for (const PlacedStmt* w2 : waits) {
          Pinned p2 = pinAt(*w2, pw - Poly::constant(S), w->path, wi, wi.flat, tag++);
          for (const z3::expr& d : p2.defs) s.add(d);
          earlier = earlier || (*p2.exists && seqBefore(w2->path, p2.inst.iter, w->path, wi.iter));
        }
        s.add(enc_.toZ3(pw) >= q_.ctx.int_val(S) && !earlier && posAtom == enc_.toZ3(pw));
        if (q_.solve(s) == Verdict::Sat)
          ringError(DiagID::err_ring_phase, w->stmt,
                    {"{p}", ring.name, "{slot}", "without this thread having waited for the slot's previous phase"},
                    s, ws, ws);
      }
      // R4b: the copies of position p + S (the slot's next phase) start after every
      // thread's wait for p: later in the sequential program, and ordered after it (the
      // same thread, or a barrier between them).
      for (const auto& g : groups) {
        const PlacedStmt* c = g.front();
        Pinned pn = pinAt(*c, pw + Poly::constant(S), w->path, wi, std::nullopt, tag++);
        Side cs = statementSide(*c, pn.inst, keep);
        cs.inst.facts.insert(cs.inst.facts.end(), pn.defs.begin(), pn.defs.end());
        cs.inst.facts.push_back(*pn.exists);
        {
          z3::solver s = q_.newSolver();
          Queries::addFacts(s, wi);
          Queries::addFacts(s, cs.inst);
          s.add(!seqBefore(w->path, wi.iter, c->path, pn.inst.iter) && posAtom == enc_.toZ3(pw));
          if (q_.solve(s) == Verdict::Sat) {
            ringError(DiagID::err_ring_phase, c->stmt,
                      {"{next}", ring.name, "{slot}",
                       "(this copy) before the wait for position {p}, the slot's previous phase, in the sequential program"},
                      s, ws, cs);
            continue;
          }
        }
        const AccessSite& A = *ws.site;
        const AccessSite& B = *cs.site;
        size_t prefix = commonPrefix(A, B);
        std::vector<const Stmt*> common = enclosingLoops(Path(A.path.begin(), A.path.begin() + prefix));
        for (size_t d = 0; d <= common.size(); ++d) {
          if (d < common.size() && common[d]->loop == LoopKind::Block) continue;
          RacePlan plan = planRace(syncs_, A, B, common, prefix, d);
          z3::solver s = q_.newSolver();
          if (!addRaceFormula(q_, s, *f_.kernel, ws, cs, common, d, plan)) continue;
          s.add(posAtom == enc_.toZ3(pw));
          if (q_.solve(s) == Verdict::Sat) {
            ringError(DiagID::err_ring_phase, c->stmt,
                      {"{next}", ring.name, "{slot}",
                       "(this copy) while a thread may not yet have waited for position {p}, the slot's previous phase: no "
                       "barrier orders that wait before the copy"},
                      s, ws, cs);
            break;
          }
        }
      }
    }
    ringKeep_.insert(ringKeep_.end(), std::make_move_iterator(keep.begin()), std::make_move_iterator(keep.end()));
  }

  /// R1: an access after a TMA copy that touches what the copy writes runs after the
  /// same thread's wait for the copy's position (program order; the wait completes the
  /// copy for the waiting thread).
  void checkRingAccess(const AccessSite& x, std::set<const Stmt*>& reported) {
    const Stmt& call = *x.instr;
    const Var* ring = ringOf(call);
    std::vector<const PlacedStmt*> waits = ringStmts(ring, AsyncRole::Kind::AwaitRing);
    Side xs = q_.makeSide(x, "x.");
    std::string why;
    std::optional<Poly> px = enc_.intExpr(positionOf(call), xs.inst, why);
    if (!px) throw Unprovable{&call, "its ring position cannot be modelled (" + why + ")"};
    int tag = 1000;
    for (const AccessSite& z : f_.sites) {
      if (z.var != x.var || !(z.write || x.write) || bad_.count(&z)) continue;
      Side zs = q_.makeSide(z, "z.");
      z3::solver s = q_.newSolver();
      Queries::addFacts(s, xs.inst);
      Queries::addFacts(s, zs.inst);
      for (const Stmt* g : xs.inst.gridLoops)
        if (zs.inst.iter.count(g)) s.add(enc_.atomExpr(xs.inst.iter.at(g)) == enc_.atomExpr(zs.inst.iter.at(g)));
      s.add(q_.sameElement(xs, zs));
      s.add(q_.differentIssues(xs, zs));
      s.add(seqBefore(x.path, xs.inst.iter, z.path, zs.inst.iter));
      for (const PlacedStmt* w : waits) {
        Pinned pw = pinAt(*w, *px, z.path, zs.inst, zs.inst.flat, tag++);
        for (const z3::expr& d : pw.defs) s.add(d);
        s.add(!(*pw.exists && seqBefore(w->path, pw.inst.iter, z.path, zs.inst.iter)));
      }
      s.add(q_.ctx.int_const("ring.position") == enc_.toZ3(*px));
      q_.countPair();
      Verdict v = q_.solve(s);
      if (v == Verdict::Unsat) continue;
      if (!reported.insert(z.stmt).second) continue;
      if (v == Verdict::Unknown) {
        sink_.diag(DiagID::err_cannot_prove, z.range(),
                   {"that '" + printExpr(*z.expr) + "' waits for the TMA copy it depends on", "the solver could not decide it"});
        continue;
      }
      smallWitness(q_, s);
      z3::model m = s.get_model();
      if (WitnessCheck w = bothReal(enc_, m, xs, zs); !w.real) {
        sink_.diag(DiagID::err_cannot_prove, z.range(),
                   {"that '" + printExpr(*z.expr) + "' waits for the TMA copy it depends on", unrealWitnessReason(w)});
        continue;
      }
      sink_.diag(DiagID::err_ring_unwaited, z.range(),
                 {printExpr(*z.expr), z.write ? "writes" : "reads", elementText(enc_, m, zs),
                  std::to_string(val(m, q_.ctx.int_const("ring.position"))), ring ? ring->name : "?"});
      sink_.diag(DiagID::note_async_issue, call.range, {call.instr->name, threadText(enc_, m, xs)});
      sink_.diag(DiagID::note_witness, z.range(), {witnessText(enc_, m, xs, zs)});
      noteMeaning(sink_, x);
    }
  }

  bool instrsCollected_ = false;
  std::vector<PlacedStmt> instrList_;
  std::vector<std::unique_ptr<AccessSite>> ringKeep_;
  std::set<std::pair<const Stmt*, DiagID>> reportedRing_;
  SyncsInEffect syncs_;
  int64_t ringSlots_ = 1;

  const std::vector<PlacedStmt>& awaits_() {
    if (!awaitsCollected_) {
      awaitsCollected_ = true;
      // Every instruction statement of the kernel with its path (commits and awaits).
      std::function<void(const Stmt&, Path&)> walk = [&](const Stmt& s, Path& path) {
        if (s.kind == StmtKind::Instr) {
          if (s.instr->async.kind == AsyncRole::Kind::Await) awaitList_.push_back({&s, path});
          return;
        }
        for (size_t i = 0; i < s.body.size(); ++i) {
          if (!s.body[i]) continue;
          path.push_back({&s, static_cast<int>(i)});
          walk(*s.body[i], path);
          path.pop_back();
        }
      };
      Path p;
      if (f_.kernel->body) walk(*f_.kernel->body, p);
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
};

}  // namespace

void checkAsync(const KernelFacts& facts, Queries& q, RaceCheck& races, DiagSink& sink,
                const std::set<const AccessSite*>& bad) {
  AsyncCheck(facts, q, races, sink, bad).run();
}

}  // namespace exo::checker
