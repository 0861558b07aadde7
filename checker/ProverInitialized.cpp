// Each read of a register or thread-local array element is preceded by a write of it.
//
// The question "for every read, is there an earlier write of its element?" has a
// quantifier alternation the solver handles badly. As the ring pins do
// (checker/ProverRingPins), the candidate writes are defined, not searched for: each
// write statement of the array, instantiated as a function of the read's instance,
//   - in the read's iterations of every loop they share (a write before it in the same
//     body: `acc[i][j] = 0; ... acc[i][j] += ...`), or
//   - in the first or the previous iteration of one shared sequential loop (below the
//     array's declaration), the read's iterations of the loops outside it (`d +=` in
//     step k reads what step 0 or step k - 1 wrote: wgmma with `accumulate = k > 0`),
// and its own loops solved from the element (`acc[i][j]` written by `for i, for j`:
// i and j are the read's indices) or, when an index does not name them, their first
// iteration. Every atom of a candidate is defined from the read's (facts that only
// define stay satisfiable: docs/prover.md, "Encoding"); that the candidate runs, writes
// the same element and comes first in the sequential program is what the query asks.
// The read is proven covered when no instance of it escapes every candidate; an
// element missed by the candidates ends in a refusal, never an accept.
//
// One thread owns each element (a distributed array by its leading indices, checked by
// DistributedRegistersCheck; a local array by being declared inside the thread's
// iteration), so the same element means the same thread, and sequentially earlier
// means earlier in that thread.
#include "checker/ProverInitialized.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "checker/ProverAsyncBase.h"
#include "checker/ProverQuery.h"
#include "model/Evaluate.h"
#include "model/ExprPrinter.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

/// A statement that writes the variable: an array element, a scalar assignment or a
/// scalar's initialized declaration (`target` null: no indices).
struct Write {
  const Path* path;
  const Expr* target;
  const std::vector<std::pair<const Expr*, bool>>* guards;
  const AccessSite* site = nullptr;  // an array element's write
};

/// How a candidate places the write relative to the read.
struct Placement {
  const Stmt* loop = nullptr;  // nullptr: the read's iterations of every shared loop
  bool previous = false;       // loop's iteration before the read's (else its first)
  bool solved = false;         // loop's iteration solved from the element, as the write's own
                               // loops are (a ring slot `(kt + 2) % 4` written 2 steps back)
  bool sameThread = false;     // a shared array: the write by the reading thread itself (its
                               // parallel loops keep the read's iterations; an index that does
                               // not name a role's loop cannot give that loop back)
};

class InitializedReads {
public:
  InitializedReads(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, DiagSink& sink)
      : facts_(facts), q_(facts, stats, limits), enc_(q_.enc), sink_(sink), shared_(limits.sharedReads) {}

  void run() {
    std::set<const Var*> reported;  // one report per variable: the first read is the fix's place
    auto check = [&](const AccessSite& r) {
      if (reported.count(r.var)) return;
      std::string why;
      if (!covered(r, why)) {
        reported.insert(r.var);
        std::string what = r.var->kind == VarKind::Array ? "every element of '" + r.var->name + "'" : "'" + r.var->name + "'";
        // An instruction's read is an accumulator's: say how such a sum starts.
        std::string hint = r.instr && r.var->memory == Memory::Registers
                               ? " (an accumulator: pass 'accumulate' false to the first multiply, or fill it first)"
                               : "";
        // A shared array's proof has known false rejects (docs/prover.md: XOR swizzles,
        // selects in the write's index): say how to leave it out when the writes are
        // there (a review of the eighteenth session found the flag unmentioned).
        if (r.var->memory == Memory::Shared)
          hint = " (if every element read is written before it, the proof may not see how: "
                 "'--check-shared-reads=false' leaves it out)";
        sink_.diag(DiagID::err_read_uninitialized, r.range(), {printExpr(*r.expr), why, what, hint})
            .diag(DiagID::note_declared_here, r.var->loc, {r.var->name});
      }
    };
    for (const AccessSite& r : facts_.sites)
      if (!r.write && tracked(*r.var, shared_)) check(r);
    for (const AccessSite& r : facts_.scalarReads)
      if (!initializedWhereDeclared(*r.var)) check(r);
  }

  /// Register and local arrays; shared ones with --check-shared-reads (ProverLimits::
  /// sharedReads: XOR swizzles are not inverted yet, docs/prover.md limits).
  static bool tracked(const Var& v, bool shared) {
    if (v.kind != VarKind::Array || v.type.scalar == ScalarKind::MBarrier) return false;  // a barrier holds no value
    return v.memory == Memory::Registers || v.memory == Memory::Local || (shared && v.memory == Memory::Shared);
  }

private:
  /// A scalar declared with a value and never assigned: every read sees it.
  bool initializedWhereDeclared(const Var& v) const {
    auto d = facts_.decls.find(&v);
    return d != facts_.decls.end() && d->second.stmt->init && !facts_.assigned.count(&v);
  }

  /// The statements that write `v`.
  std::vector<Write> writesOf(const Var* v) const {
    std::vector<Write> out;
    static const std::vector<std::pair<const Expr*, bool>> none;
    for (const AccessSite& w : facts_.sites)
      if (w.write && w.var == v) out.push_back({&w.path, w.expr, &w.guards, &w});
    if (v->kind != VarKind::Scalar) return out;
    auto d = facts_.decls.find(v);
    if (d != facts_.decls.end() && d->second.stmt->init) out.push_back({&d->second.path, nullptr, &none});
    for (const PlacedStmt& a : facts_.scalarWrites)
      if (a.stmt->lhs->var == v) out.push_back({&a.path, nullptr, &none});
    return out;
  }

  /// Whether every instance of read `r` is preceded by a write of its element; `why`
  /// says what is missing when not.
  bool covered(const AccessSite& r, std::string& why) {
    Side read;
    read.site = &r;
    read.inst = enc_.instantiate(r.path, "read.");
    for (const auto& [cond, value] : r.guards)
      if (std::optional<z3::expr> b = enc_.boolExpr(*cond, read.inst, why)) read.inst.facts.push_back(value ? *b : !*b);
    if (!indices(r.expr, read.inst, read.idx, why)) {
      why = "its index cannot be modelled (" + why + ")";
      return false;
    }
    // A read outside the array is the bounds check's report (checker/ProverAccess), not
    // an element nothing wrote: only the read's instances inside its extents are asked.
    if (r.var->kind == VarKind::Array && read.idx.size() == r.var->dims.size())
      for (size_t d = 0; d < read.idx.size(); ++d) {
        const z3::expr i = enc_.toZ3(read.idx[d]);
        read.inst.facts.push_back(i >= 0 && i < q_.ctx.int_val(static_cast<int64_t>(r.var->dims[d])));
      }
    firstCandidateAtom_ = enc_.nextAtom();
    z3::solver s = q_.newSolver();
    Queries::addFacts(s, read.inst);
    z3::expr written = q_.ctx.bool_val(false);
    int candidates = 0;
    for (const Write& w : writesOf(r.var))
      for (const Placement& p : placements(*w.path, r))
        if (std::optional<z3::expr> c = candidate(w, p, read, s, candidates)) written = written || *c;
    for (const Write& w : writesOf(r.var))
      if (std::optional<z3::expr> c = enumeratedCover(w, read)) {
        written = written || *c;
        ++candidates;
      }
    if (candidates == 0) {
      // Writes that exist but whose index or condition the encoder cannot model exactly
      // are no candidates: say so, not that there are none.
      why = writesOf(r.var).empty() ? "nothing writes '" + r.var->name + "' before it"
                                    : "no write of '" + r.var->name + "' before it has an index and a condition that can be "
                                                                      "modelled exactly";
      return false;
    }
    s.add(!written);
    Verdict v = q_.solve(s);
    if (v == Verdict::Unsat) return true;
    why = v == Verdict::Unknown ? "the solver could not decide it"
                                : std::string("no write of ") + (r.var->kind == VarKind::Array ? "the element" : "it") +
                                      " earlier in its " + (r.var->memory == Memory::Shared ? "block" : "thread") +
                                      " covers every execution of the read";
    return false;
  }

  /// A second way to cover a shared array's read, for write indices the candidates
  /// cannot invert (`s[t + (t >> 5)]`, `s[r][c ^ r]`): the write statement comes before
  /// the read in a statement list they share, in the same iterations of every loop
  /// around that list, and below it its loops, conditions and index read only those
  /// loops' variables, constants and scalars declared from them. Then one instance of
  /// the list writes a fixed set of elements, enumerated here (at most 2^16 iterations,
  /// 4,096 runs of consecutive elements); the formula says the read's element is one of
  /// them. Nothing is assumed of the read's index: the solver still asks it of every
  /// read instance.
  std::optional<z3::expr> enumeratedCover(const Write& w, const Side& read) {
    if (!w.site || w.site->instr || !w.target || w.target->kind != ExprKind::Index || read.site->var->kind != VarKind::Array)
      return std::nullopt;
    const Path& wp = *w.path;
    const Path& rp = read.site->path;
    size_t split = 0;
    while (split < wp.size() && split < rp.size() && wp[split] == rp[split]) ++split;
    if (split >= wp.size() || split >= rp.size() || wp[split].container != rp[split].container ||
        wp[split].container->kind != StmtKind::Block || wp[split].child >= rp[split].child)
      return std::nullopt;
    const std::vector<int64_t>& dims = read.site->var->dims;
    if (w.target->args.size() != dims.size() || read.idx.size() != dims.size()) return std::nullopt;
    // The statements below the shared list, outermost first: the write's own loops and ifs.
    std::vector<const PathStep*> own;
    for (size_t i = split + 1; i < wp.size(); ++i) {
      StmtKind k = wp[i].container->kind;
      if (k != StmtKind::For && k != StmtKind::If && k != StmtKind::Block) return std::nullopt;
      own.push_back(&wp[i]);
    }
    std::map<const Var*, Wide> values;  // the write's loop variables, as enumerated
    // Scalars declared with a value and never assigned (`int r = 255 - t;`, `const int
    // h = 128 >> exo_h_iter;`), when declared below the shared list.
    Env env = enc_.definedScalars(
        [&](const Var* v) {
          auto it = values.find(v);
          return it == values.end() ? std::nullopt : std::optional<Wide>(it->second);
        },
        [&](const Var* v) {
          auto d = facts_.decls.find(v);
          return d != facts_.decls.end() && d->second.path.size() > split && d->second.path[split] == wp[split];
        });
    int64_t total = 1;
    for (int64_t n : dims) total *= n;
    std::vector<bool> elements(static_cast<size_t>(total), false);
    int64_t budget = int64_t(1) << 16;
    bool ok = true;
    std::function<void(size_t)> walk = [&](size_t at) {
      if (!ok) return;
      if (at == own.size()) {
        for (const auto& [cond, value] : *w.guards) {
          std::optional<Wide> c = evaluate(*cond, env).value;
          if (!c) return void(ok = false);
          if ((*c != 0) != value) return;
        }
        Wide flat = 0;
        for (size_t d = 0; d < dims.size(); ++d) {
          std::optional<Wide> x = evaluate(*w.target->args[d], env).value;
          if (!x) return void(ok = false);
          if (*x < 0 || *x >= dims[d]) return;  // outside: the bounds check's report
          flat = flat * dims[d] + *x;
        }
        elements[static_cast<size_t>(flat)] = true;
        return;
      }
      const Stmt* c = own[at]->container;
      if (c->kind == StmtKind::Block) return walk(at + 1);
      if (c->kind == StmtKind::If) {
        std::optional<Wide> v = evaluate(*c->cond, env).value;
        if (!v) return void(ok = false);
        if ((*v != 0) == (own[at]->child == 0)) walk(at + 1);
        return;
      }
      std::optional<Wide> lo = c->lo ? evaluate(*c->lo, env).value : std::nullopt;
      if (!lo || !c->var || !c->hi) return void(ok = false);
      LoopEnd end = runLoop(*c, *lo, env, budget, [&](Wide v) {
        if (--budget < 0) return ok = false;
        values[c->var] = v;
        walk(at + 1);
        return ok;
      });
      values.erase(c->var);
      if (end != LoopEnd::Done) ok = false;
    };
    walk(0);
    if (!ok) return std::nullopt;
    // The read's element among the runs of written ones.
    z3::expr flat = q_.ctx.int_val(0);
    for (size_t d = 0; d < dims.size(); ++d) flat = flat * q_.ctx.int_val(dims[d]) + enc_.toZ3(read.idx[d]);
    z3::expr in = q_.ctx.bool_val(false);
    int runs = 0;
    for (int64_t e = 0; e < total;) {
      if (!elements[static_cast<size_t>(e)]) {
        ++e;
        continue;
      }
      int64_t end = e;
      while (end + 1 < total && elements[static_cast<size_t>(end + 1)]) ++end;
      if (++runs > 4096) return std::nullopt;
      in = in || (flat >= q_.ctx.int_val(e) && flat <= q_.ctx.int_val(end));
      e = end + 1;
    }
    return in;
  }

  /// Integer values of an access's indices; false when one cannot be encoded.
  bool indices(const Expr* access, Instance& inst, std::vector<Poly>& out, std::string& why) {
    if (!access || access->kind != ExprKind::Index) return true;  // a scalar
    for (const ExprPtr& a : access->args) {
      std::optional<Poly> p = a ? enc_.intExpr(*a, inst, why) : std::nullopt;
      if (!p) return false;
      out.push_back(*p);
    }
    return true;
  }

  /// The loops on both paths (the common prefix), outermost first.
  static std::vector<const Stmt*> sharedLoops(const Path& a, const Path& b) {
    std::vector<const Stmt*> out;
    for (size_t i = 0; i < a.size() && i < b.size() && a[i].container == b[i].container; ++i)
      if (a[i].container->kind == StmtKind::For) out.push_back(a[i].container);
    return out;
  }

  std::vector<Placement> placements(const Path& w, const AccessSite& r) const {
    std::vector<Placement> out{Placement{}};
    if (r.var->memory == Memory::Shared) {
      Placement byReader;
      byReader.sameThread = true;
      out.push_back(byReader);
    }
    // Loops around the declaration make a new array each iteration: only those below it.
    std::set<const Stmt*> aroundDecl;
    auto d = facts_.decls.find(r.var);
    if (d != facts_.decls.end())
      for (const Stmt* l : enclosingLoops(d->second.path)) aroundDecl.insert(l);
    for (const Stmt* l : sharedLoops(w, r.path))
      if (l->loop == LoopKind::Seq && !aroundDecl.count(l)) {
        out.push_back({l, false});
        out.push_back({l, true});
        out.push_back({l, false, true});
      }
    return out;
  }

  /// The candidate write `w` placed by `p` relative to `read`: its defining facts go to
  /// `s`, the returned formula says it runs, writes the read's element and comes first.
  std::optional<z3::expr> candidate(const Write& w, const Placement& p, const Side& read, z3::solver& s, int& count) {
    std::vector<z3::expr> runs;
    const Path& path = *w.path;
    // Only definitions at top level: the candidate may be an instance that never runs.
    struct Definitional {
      Encoder& enc;
      explicit Definitional(Encoder& e) : enc(e) { enc.setDefinitional(true); }
      ~Definitional() { enc.setDefinitional(false); }
    } definitional(enc_);
    Instance inst = enc_.instantiateDefined(path, "w" + std::to_string(count) + ".", runs);
    std::string why;
    // The instance must run exactly when the write does: a condition or a loop bound
    // the encoder dropped or made opaque would let it stand for writes that never happen.
    for (const auto& dropped : inst.dropped)
      if (!uniformSharedCondition(dropped.first, path, p, read.site->path)) return std::nullopt;
    // The loops that keep the read's iteration: the shared ones above p.loop (for a shared
    // array, those not split over threads). The read runs in that iteration, so their
    // bounds hold for the write too; every other loop's bounds must be modelled.
    const bool anyThread = read.site->var->memory == Memory::Shared;
    std::vector<const Stmt*> sameAsRead;
    for (const Stmt* l : sharedLoops(path, read.site->path)) {
      if (l == p.loop) break;
      if (anyThread && !p.sameThread && l->loop != LoopKind::Seq && l->loop != LoopKind::Block) continue;
      sameAsRead.push_back(l);
    }
    for (const Stmt* l : enclosingLoops(path))
      if (std::find(sameAsRead.begin(), sameAsRead.end(), l) == sameAsRead.end() &&
          (!l->lo || !l->hi || !enc_.intExpr(*l->lo, inst, why) || !enc_.intExpr(*l->hi, inst, why)))
        return std::nullopt;
    std::vector<Poly> idx;
    if (!indices(w.target, inst, idx, why) || idx.size() != read.idx.size()) return std::nullopt;
    for (const auto& [cond, value] : *w.guards) {
      std::optional<z3::expr> b = enc_.boolExpr(*cond, inst, why);
      if (!b) return std::nullopt;  // when it writes is unknown: not a candidate
      runs.push_back(value ? *b : !*b);
    }
    // A guard `t == 255` (a halo's last thread: `if (t == 255) s[257] = ...`) pins the
    // write's loop as an index would: one more equation for solveOwnLoops (x == 0).
    // The same for `!(t != 255)` and the else branch of `t != 255`.
    std::vector<Poly> guardZeros;
    std::function<void(const Expr*, bool)> equality = [&](const Expr* cond, bool holds) {
      if (!cond) return;
      if (cond->kind == ExprKind::Unary && cond->op == Op::Not && !cond->args.empty()) return equality(cond->args[0].get(), !holds);
      if (cond->kind != ExprKind::Binary || cond->op != (holds ? Op::Eq : Op::Ne)) return;
      std::optional<Poly> l = enc_.intExpr(*cond->args[0], inst, why), r = enc_.intExpr(*cond->args[1], inst, why);
      if (l && r) guardZeros.push_back(*l - *r);
    };
    for (const PathStep& st : path)
      if (st.container->kind == StmtKind::If) equality(st.container->cond.get(), st.child == 0);
    for (const auto& [cond, value] : *w.guards) equality(cond, value);
    std::set<const Stmt*> pinned;  // loops whose iteration is defined from the read's
    for (const Stmt* l : sameAsRead) {
      inst.facts.push_back(enc_.atomExpr(inst.iter.at(l)) == enc_.atomExpr(read.inst.iter.at(l)));
      pinned.insert(l);
    }
    if (p.loop && !p.solved) {
      z3::expr K = enc_.atomExpr(inst.iter.at(p.loop)), RK = enc_.atomExpr(read.inst.iter.at(p.loop));
      inst.facts.push_back(p.previous ? K == RK - 1 : K == 0);
      pinned.insert(p.loop);
    }
    solveOwnLoops(path, inst, idx, read.idx, guardZeros, pinned);
    for (const z3::expr& f : inst.facts) s.add(f);
    z3::expr same = q_.ctx.bool_val(true);
    for (size_t i = 0; i < idx.size(); ++i) same = same && enc_.toZ3(idx[i]) == enc_.toZ3(read.idx[i]);
    ++count;
    return allOf(q_.ctx, runs) && same && seqBefore(enc_, q_.ctx, path, inst.iter, read.site->path, read.inst.iter);
  }

  /// Whether a condition the encoder could not model (`if (s[0] > 0.f)`, a float or a
  /// value in memory) may be left out of a candidate write: it is an `if` both the write
  /// and the read are inside, in the same branch and the same instance (no loop of the
  /// placement's between), around a block barrier. The convergence check refuses such a
  /// condition unless it is the same for every thread of the block (err_sync_divergent),
  /// so when the read runs, every thread took that branch: the write runs exactly when its
  /// other conditions hold. (A read instance in which the condition is false does not run
  /// at all; covering it too is harmless.)
  bool uniformSharedCondition(const Expr* cond, const Path& w, const Placement& p, const Path& r) const {
    for (size_t i = 0; i < w.size() && i < r.size() && w[i] == r[i]; ++i) {
      const Stmt* c = w[i].container;
      if (p.loop && c == p.loop) return false;  // below it: another iteration's instance
      if (c->kind != StmtKind::If || c->cond.get() != cond) continue;
      return containsBlockBarrier(*c);
    }
    return false;
  }

  /// Defines the iteration of each loop of the write not in `pinned`, from the equations
  /// "write index d = read index d": a loop variable with coefficient c and the rest
  /// defined gives v := (target - rest) / c (rounded down: a wrong guess only fails "same
  /// element"). A quotient or remainder of a division solved that way gets a value (not a
  /// definition: the encoder defined it), and when both of one dividend and divisor have
  /// one, the dividend is one more equation (a cooperative copy's `(t + 128 * c) / 4` and
  /// `% 4` give back t + 128 * c; a ring slot `(kt + 2) % 4`, whose quotient nothing gives,
  /// its first preimage, quotient 0). When stuck, an equation of several unknowns is read
  /// as a mixed-radix number (largest coefficient first), else the outermost loop left
  /// takes its first iteration. Definitions only use atoms defined before them, so they
  /// never form a cycle.
  void solveOwnLoops(const Path& path, Instance& inst, const std::vector<Poly>& idx, const std::vector<Poly>& target,
                     const std::vector<Poly>& zeros, std::set<const Stmt*>& pinned) {
    std::set<int> defined;  // atoms whose value is fixed once the read's are
    for (const auto& [var, atom] : enc_.params()) defined.insert(atom);
    for (int a : enc_.sharedAtoms()) defined.insert(a);
    auto markPinned = [&](const Stmt* l) {
      pinned.insert(l);
      defined.insert(inst.iter.at(l));
      defined.insert(inst.loopVar.at(l->var));
    };
    for (const Stmt* l : std::set<const Stmt*>(pinned)) markPinned(l);
    std::map<int, Poly> known;  // division atoms with a value in defined atoms
    auto subst = [&](const Poly& p) {
      Poly out;
      for (const auto& [mono, c] : p.terms) {
        Poly term;
        term.terms[mono] = c;
        auto k = mono.size() == 1 ? known.find(mono[0]) : known.end();
        out = out + (k != known.end() ? k->second.scaled(c) : term);
      }
      return out;
    };
    auto onlyDefined = [&](const Poly& p) {
      for (const auto& [mono, c] : p.terms)
        for (int a : mono)
          if (!defined.count(a) && !readAtom(a)) return false;
      return true;
    };
    std::vector<std::pair<Poly, Poly>> eqs;
    for (size_t d = 0; d < idx.size() && d < target.size(); ++d) eqs.push_back({idx[d], target[d]});
    for (const Poly& z : zeros) eqs.push_back({z, Poly()});
    // value / c rounded down (c != 0), in defined atoms.
    auto divide = [&](const Poly& value, int64_t c) {
      if (c == 1) return value;
      if (c == -1) return value.scaled(-1);
      const int q = floorQuotient(c > 0 ? value : value.scaled(-1), c > 0 ? c : -c, inst);
      defined.insert(q);  // defined by the division's facts from defined atoms
      return Poly::atom(q);
    };
    // x = c * u + rest = t  =>  u = (t - rest) / c, or nullopt.
    auto isolate = [&](const Poly& x, const Poly& t, int u) -> std::optional<Poly> {
      Poly coef, rest;
      subst(x).splitBy(u, coef, rest);
      if (!coef.isConst() || coef.constValue() == 0 || !onlyDefined(rest)) return std::nullopt;
      return divide(t - rest, coef.constValue());
    };
    std::vector<const Stmt*> own;
    for (const Stmt* l : enclosingLoops(path))
      if (!pinned.count(l)) own.push_back(l);
    // Loop l takes the iteration where its variable is `value`; false when its start is
    // not defined yet.
    auto defineLoop = [&](const Stmt* l, const Poly& value) {
      std::string why;
      std::optional<Poly> lo = l->lo ? enc_.intExpr(*l->lo, inst, why) : std::nullopt;
      if (!lo || !onlyDefined(*lo)) return false;
      defineIteration(l, value - *lo, inst);
      markPinned(l);
      return true;
    };
    // A strided loop that starts at another loop's variable, a grid-stride copy `for (e = t;
    // e < N; e += 256)` inside `for t < 256`: its value V gives that variable back as the
    // remainder (V - rest) mod step, and the iteration as the quotient.
    auto startFromLoop = [&](const Stmt* l, const Poly& value) {
      std::string why;
      std::optional<Poly> lo = l->lo ? enc_.intExpr(*l->lo, inst, why) : std::nullopt;
      if (!lo || l->step <= 1) return false;
      for (const Stmt* u : own) {
        if (u == l || pinned.count(u)) continue;
        Poly coef, rest;
        subst(*lo).splitBy(inst.loopVar.at(u->var), coef, rest);
        if (!coef.isConst() || coef.constValue() != 1 || !onlyDefined(rest)) continue;
        int q = 0, r = 0;
        enc_.floorDivMod(value - rest, l->step, inst, q, r);
        defined.insert(q);
        defined.insert(r);
        if (!defineLoop(u, Poly::atom(r))) continue;
        return defineLoop(l, value);
      }
      return false;
    };
    std::set<size_t> usedDivisions;
    auto solve = [&](const Stmt* l) {
      for (const auto& [x, t] : eqs)
        if (std::optional<Poly> value = isolate(x, t, inst.loopVar.at(l->var)))
          return defineLoop(l, *value) || startFromLoop(l, *value);
      return false;
    };
    // Quotients and remainders of this candidate's divisions: values from the equations,
    // and a pair's dividend as a new equation.
    auto divisionsStep = [&]() {
      bool progress = false;
      const auto& divs = enc_.divisions();
      for (size_t i = 0; i < divs.size(); ++i) {
        const Encoder::Division& dv = divs[i];
        if (dv.q < firstCandidateAtom_) continue;  // not this candidate's
        for (int u : {dv.q, dv.r}) {
          if (known.count(u) || defined.count(u)) continue;
          for (const auto& [x, t] : eqs)
            if (std::optional<Poly> value = isolate(x, t, u)) {
              known[u] = *value;
              progress = true;
              break;
            }
        }
      }
      // A quotient and a remainder of one dividend and divisor (maybe two divisions of
      // the same expression, `x / 4` and `x % 4`) give the dividend back.
      for (size_t i = 0; i < divs.size(); ++i)
        for (size_t j = 0; j < divs.size(); ++j) {
          const Encoder::Division &a = divs[i], &b = divs[j];
          if (a.q < firstCandidateAtom_ || b.q < firstCandidateAtom_ || a.divisor.terms != b.divisor.terms ||
              a.dividend.terms != b.dividend.terms || !known.count(a.q) || !known.count(b.r))
            continue;
          if (!usedDivisions.insert(i * divs.size() + j).second) continue;
          eqs.push_back({a.dividend, known[a.q] * a.divisor + known[b.r]});
          progress = true;
        }
      return progress;
    };
    // This candidate's division atoms without a value yet.
    auto openDivisionAtom = [&](int a) {
      if (a < firstCandidateAtom_ || known.count(a) || defined.count(a)) return false;
      for (const Encoder::Division& dv : enc_.divisions())
        if (dv.q == a || dv.r == a) return true;
      return false;
    };
    // Stuck on an equation of several unknowns (`s[32 * w + t]`, `8 * (t % 4) + e`): the one
    // of the largest coefficient takes (value - defined terms) / coefficient, rounded
    // down, as in a mixed-radix number; the others then follow.
    auto radix = [&]() {
      for (const auto& [lhs, t] : eqs) {
        const Poly x = subst(lhs);
        int best = -1;
        int64_t bestCoef = 0, bestWeight = 0;
        Poly rest;  // the terms of defined atoms only
        bool affine = true;
        for (const auto& [mono, c] : x.terms) {
          Poly term;
          term.terms[mono] = c;
          if (onlyDefined(term)) {
            rest = rest + term;
            continue;
          }
          // A digit's weight: its coefficient, times its loop's step (`i + r` with r
          // stepping by 8 and i below 8: r is the high digit).
          const Stmt* loopOf = nullptr;
          for (const Stmt* l : own)
            if (mono.size() == 1 && !pinned.count(l) && mono[0] == inst.loopVar.at(l->var)) loopOf = l;
          if (mono.size() != 1 || (!loopOf && !openDivisionAtom(mono[0]))) {
            affine = false;
            break;
          }
          const int64_t weight = std::abs(c) * (loopOf ? std::abs(loopOf->step) : 1);
          if (weight > bestWeight) best = mono[0], bestCoef = c, bestWeight = weight;
        }
        if (!affine || best < 0 || bestWeight < 2) continue;
        const Poly value = divide(t - rest, bestCoef);
        const Stmt* loop = nullptr;
        for (const Stmt* l : own)
          if (inst.loopVar.at(l->var) == best) loop = l;
        if (!loop) {
          known[best] = value;
          return true;
        }
        if (defineLoop(loop, value)) return true;
      }
      return false;
    };
    for (;;) {
      bool progress = false;
      for (const Stmt* l : own)
        if (!pinned.count(l) && solve(l)) progress = true;
      if (progress || divisionsStep()) continue;
      // A remainder with a value and its quotient without one (a ring slot `(kt + 2) % 4`):
      // the first preimage, quotient 0.
      bool firstPreimage = false;
      for (const Encoder::Division& dv : enc_.divisions())
        if (!firstPreimage && known.count(dv.r) && openDivisionAtom(dv.q)) {
          known[dv.q] = Poly();
          firstPreimage = true;
        }
      if (firstPreimage) continue;
      if (radix()) continue;
      // Stuck: the outermost unsolved loop takes its first iteration (a loop whose bounds
      // the inner ones read: `for i, for (j = i; ...)`), then try again.
      const Stmt* first = nullptr;
      for (const Stmt* l : own)
        if (!pinned.count(l)) {
          first = l;
          break;
        }
      if (!first) break;
      inst.facts.push_back(enc_.atomExpr(inst.iter.at(first)) == 0);
      markPinned(first);
    }
  }

  /// floor(x / c) as a fresh defined atom (c > 0).
  int floorQuotient(const Poly& x, int64_t c, Instance& inst) {
    int q = 0, r = 0;
    enc_.floorDivMod(x, c, inst, q, r);
    return q;
  }

  /// iteration := offset / step (rounded down: a value the loop skips gives another
  /// element, which the candidate's "same element" then rejects).
  void defineIteration(const Stmt* l, const Poly& offset, Instance& inst) {
    z3::expr K = enc_.atomExpr(inst.iter.at(l));
    if (l->step == 1) {
      inst.facts.push_back(K == enc_.toZ3(offset));
      return;
    }
    int q = 0, r = 0;
    enc_.floorDivMod(offset.scaled(l->step > 0 ? 1 : -1), l->step > 0 ? l->step : -l->step, inst, q, r);
    inst.facts.push_back(K == enc_.atomExpr(q));
  }

  /// Atoms made before the candidates (the read's instance, parameters): the query
  /// chooses them, the candidates' definitions may use them.
  bool readAtom(int a) const { return a < firstCandidateAtom_; }

  const KernelFacts& facts_;
  Queries q_;
  Encoder& enc_;
  DiagSink& sink_;
  const bool shared_;
  int firstCandidateAtom_ = 0;
};

}  // namespace

void checkInitializedReads(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, DiagSink& sink) {
  bool any = !facts.scalarReads.empty();
  for (const AccessSite& s : facts.sites) any |= !s.write && InitializedReads::tracked(*s.var, limits.sharedReads);
  if (!any) return;
  InitializedReads(facts, stats, limits, sink).run();
}

}  // namespace exo::checker
