// The equivalence prover. See docs/prover.md for the encoding and what is proven.
//
// Every question is "is there an instance of the kernel (parameter values allowed by
// exo::assume, loop iterations, threads) that breaks the property?", asked to Z3 over
// two instantiations of the loops around two access sites. unsat = proven; sat = a
// witness we report; unknown = "cannot prove", never a silent accept.
#include "checker/Prover.h"

#include <chrono>
#include <functional>
#include <set>
#include <sstream>

#include "checker/ProverAccess.h"
#include "checker/ProverEncode.h"
#include "model/ExprPrinter.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

/// Which sync scopes are guaranteed to execute somewhere.
struct ScopeSet {
  bool block = false, warpgroup = false, warp = false;
  void add(SyncScope s) {
    if (s == SyncScope::Block) block = true;
    else if (s == SyncScope::Warpgroup) warpgroup = true;
    else warp = true;
  }
  void merge(const ScopeSet& o) {
    block |= o.block;
    warpgroup |= o.warpgroup;
    warp |= o.warp;
  }
  bool any() const { return block || warpgroup || warp; }
};

/// A sync the prover pretends exists (to validate a fix-it): before child `before`.
struct VirtualSync {
  const Stmt* container = nullptr;
  int before = 0;
  SyncScope scope = SyncScope::Block;
};

/// One instantiated access: the loops around it and its index values.
struct Side {
  const AccessSite* site = nullptr;
  Instance inst;
  std::vector<Poly> idx;
};

enum class Verdict { Unsat, Sat, Unknown };

/// Where and how two accesses are ordered, for one case of their relative position.
struct Scenario {
  int depth = 0;          // number of common loops whose iterations are equal
  bool sameCta = true;
  const Stmt* fixContainer = nullptr;  // where one sync could order them (Block)
  int fixBefore = 0;
};

class Prover {
public:
  Prover(const Kernel& k, DiagSink& sink, ProverStats& stats)
      : k_(k), sink_(sink), stats_(stats), facts_(collectFacts(k)), enc_(ctx_, facts_) {}

  bool run() {
    unsigned before = sink_.errors;
    checkAliasing();
    checkConvergence();
    translateSites();
    checkBounds();
    checkRegisters();
    races(true);
    if (sink_.errors != before) return false;
    findUnneededSyncs();
    return true;
  }

private:
  // ------------------------------------------------------------------ solver
  Verdict solve(z3::solver& s) {
    ++stats_.solverQueries;
    switch (s.check()) {
      case z3::unsat: return Verdict::Unsat;
      case z3::sat: return Verdict::Sat;
      default: return Verdict::Unknown;
    }
  }

  z3::solver newSolver() {
    // The plain SMT core: no per-query tactic selection (most queries are tiny).
    z3::solver s(ctx_, z3::solver::simple());
    z3::params p(ctx_);
    // A deterministic resource limit, not a wall-clock timeout: the verdict (and so the
    // diagnostics and the exit code) must not depend on the machine's load.
    p.set("rlimit", 20000000u);
    p.set("random_seed", 0u);
    s.set(p);
    for (const z3::expr& f : enc_.assumeFacts()) s.add(f);
    return s;
  }

  static void addFacts(z3::solver& s, const Instance& inst) {
    for (const z3::expr& f : inst.facts) s.add(f);
  }

  /// Re-solves a satisfiable query with small parameters, for a readable witness.
  void smallWitness(z3::solver& s) {
    s.push();
    for (auto& [v, a] : enc_.params()) s.add(enc_.atomExpr(a) >= 0 && enc_.atomExpr(a) <= 256);
    if (solve(s) != Verdict::Sat) {
      s.pop();
      solve(s);
    }
  }

  int64_t val(const z3::model& m, const z3::expr& e) {
    z3::expr v = m.eval(e, true);
    int64_t out = 0;
    if (v.is_numeral()) v.is_numeral_i64(out);
    return out;
  }

  // ------------------------------------------------------------------- sides
  Side makeSide(const AccessSite& s, const std::string& tag) {
    Side side;
    side.site = &s;
    side.inst = enc_.instantiate(s.path, tag);
    std::string why;
    // Guards narrow the instances; one that cannot be encoded is dropped (more
    // instances: conservative), like the conditions of enclosing ifs.
    for (const auto& [cond, value] : s.guards)
      if (std::optional<z3::expr> b = enc_.boolExpr(*cond, side.inst, why))
        side.inst.facts.push_back(value ? *b : !*b);
    for (const ExprPtr& a : s.expr->args) {
      std::optional<Poly> p = enc_.intExpr(*a, side.inst, why);
      side.idx.push_back(p ? *p : Poly());
    }
    return side;
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
      Instance inst = enc_.instantiate(s.path, "t");
      for (const ExprPtr& a : s.expr->args) {
        std::string why;
        if (!a || !enc_.intExpr(*a, inst, why)) {
          bad_.insert(&s);
          if (reportedBad_.insert(s.expr).second)
            sink_.diag(DiagID::err_cannot_prove, s.expr->range,
                       {"that the access '" + printExpr(*s.expr) + "' is in bounds and race-free",
                        "its index '" + (a ? printExpr(*a) : std::string("?")) + "' cannot be modelled: " +
                            (why.empty() ? "unsupported expression" : why) +
                            "; write indices as affine functions of loop variables and scalar parameters"});
          break;
        }
      }
    }
  }

  // ---------------------------------------------------------------- elements
  /// 0 <= r < P for every instance of `side`?
  bool provenInRange(const Poly& r, int p, const Side& side) {
    z3::solver s = newSolver();
    addFacts(s, side.inst);
    z3::expr R = enc_.toZ3(r), P = enc_.atomExpr(p);
    s.add(R < 0 || R >= P);
    return solve(s) == Verdict::Unsat;
  }

  /// a == b as a formula; delinearizes `Q * P + R` with 0 <= R < P (P a parameter)
  /// into Q == Q' && R == R', which keeps parametric strides linear.
  z3::expr equalIndex(const Poly& a, const Poly& b, const Side& sa, const Side& sb, int depth = 0) {
    Poly d = a - b;
    if (d.isLinear() || depth > 4) return enc_.toZ3(d) == 0;
    std::vector<int> shared = enc_.sharedAtoms();  // copy: solving adds no atoms, but be safe
    for (int p : shared) {
      bool inNonlinear = false;
      for (const Poly* x : {&a, &b})
        for (const auto& [m, c] : x->terms)
          if (m.size() > 1 && std::find(m.begin(), m.end(), p) != m.end()) inNonlinear = true;
      if (!inNonlinear) continue;
      Poly qa, ra, qb, rb;
      a.splitBy(p, qa, ra);
      b.splitBy(p, qb, rb);
      if (!provenInRange(ra, p, sa) || !provenInRange(rb, p, sb)) continue;
      return equalIndex(qa, qb, sa, sb, depth + 1) && equalIndex(ra, rb, sa, sb, depth + 1);
    }
    return enc_.toZ3(d) == 0;  // non-linear: Z3 may answer unknown -> "cannot prove"
  }

  z3::expr sameElement(const Side& a, const Side& b) {
    z3::expr e = ctx_.bool_val(true);
    for (size_t i = 0; i < a.idx.size() && i < b.idx.size(); ++i) e = e && equalIndex(a.idx[i], b.idx[i], a, b);
    return e;
  }

  // ----------------------------------------------------------------- threads
  z3::expr flat(const Side& s) { return enc_.toZ3(*s.inst.flat); }

  /// Both flat thread indices fall in the same group of `size` threads.
  z3::expr sameGroup(const Side& a, const Side& b, int64_t size, z3::solver& s) {
    int ga = enc_.newAtom("grp"), gb = enc_.newAtom("grp");
    z3::expr Ga = enc_.atomExpr(ga), Gb = enc_.atomExpr(gb), S = ctx_.int_val(static_cast<int64_t>(size));
    s.add(S * Ga <= flat(a) && flat(a) < S * Ga + S);
    s.add(S * Gb <= flat(b) && flat(b) < S * Gb + S);
    return Ga == Gb;
  }

  z3::expr covered(const ScopeSet& set, const Side& a, const Side& b, z3::solver& s) {
    if (set.block) return ctx_.bool_val(true);
    z3::expr e = ctx_.bool_val(false);
    if (set.warpgroup) e = e || sameGroup(a, b, 128, s);
    if (set.warp) e = e || sameGroup(a, b, 32, s);
    return e;
  }

  // ------------------------------------------------------------------- syncs
  ScopeSet guaranteed(const Stmt* st) {
    ScopeSet out;
    if (!st) return out;
    if (st->kind == StmtKind::Sync && !disabled_.count(st)) out.add(st->scope);
    if (st->kind == StmtKind::Block) {
      for (const StmtPtr& c : st->body) out.merge(guaranteed(c.get()));
      if (virtual_.container == st) out.add(virtual_.scope);
    }
    // A sequential loop that surely runs: its syncs run. Symbolic trips might be zero.
    if (st->kind == StmtKind::For && st->loop == LoopKind::Seq && st->tripCount() >= 1)
      out.merge(guaranteed(st->forBody()));
    return out;
  }

  /// Syncs among the children of a Block at positions in (lo, hi), in half-steps:
  /// child j is at 2j, a virtual sync before child j at 2j - 1.
  ScopeSet syncsIn(const Stmt* blk, int lo2, int hi2) {
    ScopeSet out;
    if (blk->kind != StmtKind::Block) return out;
    for (size_t j = 0; j < blk->body.size(); ++j)
      if (lo2 < 2 * int(j) && 2 * int(j) < hi2) out.merge(guaranteed(blk->body[j].get()));
    if (virtual_.container == blk && lo2 < 2 * virtual_.before - 1 && 2 * virtual_.before - 1 < hi2)
      out.add(virtual_.scope);
    return out;
  }

  /// Syncs that run after (or before) the access within the same iteration of the
  /// loop whose body is at `from`, at the same collective level.
  ScopeSet syncsAround(const Path& p, size_t from, bool after) {
    ScopeSet out;
    for (size_t i = from; i < p.size(); ++i) {
      const Stmt* c = p[i].container;
      if (c->kind == StmtKind::For && c->loop != LoopKind::Seq) break;  // another collective
      int me = 2 * p[i].child;
      out.merge(after ? syncsIn(c, me, 1 << 30) : syncsIn(c, -(1 << 30), me));
    }
    return out;
  }

  /// Which sync scopes may stand inside `container` (not in loops finer than them).
  std::vector<SyncScope> allowedScopes(const Path& p, size_t upto) {
    LoopKind finest = LoopKind::Block;
    for (size_t i = 0; i < upto && i < p.size(); ++i) {
      const Stmt* c = p[i].container;
      if (c->kind == StmtKind::For && c->loop != LoopKind::Seq) finest = c->loop;
    }
    if (finest == LoopKind::Thread) return {};
    if (finest == LoopKind::Warp) return {SyncScope::Warp};
    if (finest == LoopKind::Warpgroup) return {SyncScope::Warp, SyncScope::Warpgroup};
    return {SyncScope::Warp, SyncScope::Block};  // warpgroup barriers live in warpgroup loops
  }

  // ------------------------------------------------------------------- races
  struct PairQuery {
    Verdict verdict = Verdict::Unsat;
    std::optional<z3::model> model;
    Side a, b;
  };

  /// Is there an instance where a (first) and b (second, sequentially) touch the same
  /// element from different threads of one CTA with no sync ordering them, when they
  /// share the first `depth` common loops' iterations and differ at loop `depth`?
  PairQuery raceQuery(const AccessSite& A, const AccessSite& B, size_t depth, Scenario& sc) {
    PairQuery q;
    q.a = makeSide(A, "a.");
    q.b = makeSide(B, "b.");
    z3::solver s = newSolver();
    addFacts(s, q.a.inst);
    addFacts(s, q.b.inst);
    size_t prefix = 0;
    while (prefix < A.path.size() && prefix < B.path.size() && A.path[prefix] == B.path[prefix]) ++prefix;
    std::vector<const Stmt*> common = enclosingLoops(Path(A.path.begin(), A.path.begin() + prefix));
    auto iterA = [&](const Stmt* l) { return enc_.atomExpr(q.a.inst.iter.at(l)); };
    auto iterB = [&](const Stmt* l) { return enc_.atomExpr(q.b.inst.iter.at(l)); };
    for (size_t i = 0; i < depth && i < common.size(); ++i) s.add(iterA(common[i]) == iterB(common[i]));
    for (const Stmt* g : k_.gridLoops)  // one CTA
      if (q.a.inst.iter.count(g) && q.b.inst.iter.count(g)) s.add(iterA(g) == iterB(g));
    s.add(flat(q.a) != flat(q.b));
    s.add(sameElement(q.a, q.b));

    z3::expr unordered = ctx_.bool_val(true);
    if (depth < common.size()) {
      const Stmt* l = common[depth];
      s.add(iterA(l) < iterB(l));
      if (l->loop == LoopKind::Seq) {
        size_t at = 0;
        while (A.path[at].container != l) ++at;
        ScopeSet near = syncsAround(A.path, at + 1, true);
        near.merge(syncsAround(B.path, at + 1, false));
        ScopeSet all = guaranteed(l->forBody());
        if (virtual_.container == l->forBody()) all.add(virtual_.scope);
        unordered = !covered(near, q.a, q.b, s) && (!covered(all, q.a, q.b, s) || iterB(l) == iterA(l) + 1);
        if (at + 1 < B.path.size()) {
          sc.fixContainer = B.path[at + 1].container;
          sc.fixBefore = B.path[at + 1].child;
        }
      }
    } else if (prefix < A.path.size() && prefix < B.path.size() &&
               A.path[prefix].container->kind == StmtKind::Block) {
      int ia = A.path[prefix].child, ib = B.path[prefix].child;
      if (ia > ib) return q;  // b runs first: the reversed pair covers it
      ScopeSet between = syncsIn(A.path[prefix].container, 2 * ia, 2 * ib);
      between.merge(syncsAround(A.path, prefix + 1, true));
      between.merge(syncsAround(B.path, prefix + 1, false));
      unordered = !covered(between, q.a, q.b, s);
      sc.fixContainer = A.path[prefix].container;
      sc.fixBefore = ib;
    }
    s.add(unordered);
    ++stats_.accessPairs;
    q.verdict = solve(s);
    if (q.verdict == Verdict::Sat) {
      smallWitness(s);
      q.model = s.get_model();
    }
    return q;
  }

  /// Number of common loops of two sites below which they may first differ.
  static std::vector<const Stmt*> commonLoops(const AccessSite& A, const AccessSite& B) {
    size_t prefix = 0;
    while (prefix < A.path.size() && prefix < B.path.size() && A.path[prefix] == B.path[prefix]) ++prefix;
    return enclosingLoops(Path(A.path.begin(), A.path.begin() + prefix));
  }

  /// Checks every pair of sites for races. Returns the number found; reports them if
  /// `report` (otherwise stops at the first: used to test removing a sync).
  int races(bool report) {
    int found = 0;
    std::set<std::pair<int, int>> reported;
    std::set<const Expr*> crossReported;
    const auto& S = facts_.sites;
    for (size_t i = 0; i < S.size(); ++i)
      for (size_t j = 0; j < S.size(); ++j) {
        const AccessSite &A = S[i], &B = S[j];
        if (A.var != B.var || !(A.write || B.write) || bad_.count(&A) || bad_.count(&B)) continue;
        if (A.var->memory == Memory::Local || A.var->memory == Memory::Registers) continue;
        std::pair<int, int> key{std::min(A.order, B.order), std::max(A.order, B.order)};
        if (reported.count(key)) continue;
        if (A.var->isGlobalPointer() && i <= j && !(crossReported.count(A.expr) && crossReported.count(B.expr)) &&
            crossBlock(A, B, report)) {
          ++found;
          reported.insert(key);
          crossReported.insert(A.expr);
          crossReported.insert(B.expr);
          if (!report) return found;
          continue;
        }
        std::vector<const Stmt*> common = commonLoops(A, B);
        for (size_t d = 0; d <= common.size(); ++d) {
          if (d < common.size() && common[d]->loop == LoopKind::Block) continue;
          Scenario sc;
          PairQuery q = raceQuery(A, B, d, sc);
          if (q.verdict == Verdict::Unsat) continue;
          ++found;
          reported.insert(key);
          if (!report) return found;
          if (q.verdict == Verdict::Unknown) {
            sink_.diag(DiagID::err_cannot_prove, B.expr->range,
                       {"that '" + printExpr(*B.expr) + "' and '" + printExpr(*A.expr) + "' never race",
                        "the solver could not decide it (non-linear index arithmetic); "
                        "keep indices affine in the loop variables, with strides of the form 'row * N + col'"});
            sink_.diag(DiagID::note_access, A.expr->range, {"the other access"});
          } else {
            reportRace(q, d, sc);
          }
          break;
        }
      }
    return found;
  }

  bool crossBlock(const AccessSite& A, const AccessSite& B, bool report) {
    if (k_.gridLoops.empty()) return false;
    Side a = makeSide(A, "a."), b = makeSide(B, "b.");
    z3::solver s = newSolver();
    addFacts(s, a.inst);
    addFacts(s, b.inst);
    z3::expr differ = ctx_.bool_val(false);
    for (const Stmt* g : k_.gridLoops)
      if (a.inst.iter.count(g) && b.inst.iter.count(g))
        differ = differ || enc_.atomExpr(a.inst.iter.at(g)) != enc_.atomExpr(b.inst.iter.at(g));
    s.add(differ);
    s.add(sameElement(a, b));
    ++stats_.accessPairs;
    Verdict v = solve(s);
    if (v == Verdict::Unsat) return false;
    if (!report) return true;
    if (v == Verdict::Unknown) {
      sink_.diag(DiagID::err_cannot_prove, B.expr->range,
                 {"that different blocks never touch the same element of '" + A.var->name + "'",
                  "the solver could not decide it (non-linear index arithmetic)"});
      return true;
    }
    smallWitness(s);
    z3::model m = s.get_model();
    sink_.diag(DiagID::err_cross_block_conflict, B.expr->range,
               {blockText(m, a), blockText(m, b), A.write && B.write ? "write" : "access", A.var->name,
                elementText(m, a)});
    sink_.diag(DiagID::note_access, A.expr->range,
               {std::string(A.write ? "the write" : "the read") + " by block " + blockText(m, a)});
    if (&A != &B)
      sink_.diag(DiagID::note_access, B.expr->range,
                 {std::string(B.write ? "the write" : "the read") + " by block " + blockText(m, b)});
    sink_.diag(DiagID::note_witness, B.expr->range, {witnessText(m, a, b)});
    return true;
  }

  // --------------------------------------------------------------- reporting
  std::string tuple(const z3::model& m, const Side& s, const std::vector<const Stmt*>& loops) {
    std::string out = "(";
    for (size_t i = 0; i < loops.size(); ++i)
      out += (i ? ", " : "") + std::to_string(val(m, enc_.atomExpr(s.inst.loopVar.at(loops[i]->var))));
    return out + ")";
  }
  std::string blockText(const z3::model& m, const Side& s) { return tuple(m, s, s.inst.gridLoops); }
  std::string threadText(const z3::model& m, const Side& s) {
    std::string t = s.inst.threadLoops.empty() ? "thread (" + std::to_string(val(m, flat(s))) + ")"
                                               : "thread " + tuple(m, s, s.inst.threadLoops);
    if (!s.inst.gridLoops.empty()) t += " of block " + blockText(m, s);
    return t;
  }
  std::string elementText(const z3::model& m, const Side& s) {
    std::string e = s.site->var->name;
    for (const Poly& p : s.idx) e += "[" + std::to_string(val(m, enc_.toZ3(p))) + "]";
    return e;
  }
  std::string witnessText(const z3::model& m, const Side& a, const Side& b) {
    std::string out;
    for (auto& [v, atom] : enc_.params())
      out += (out.empty() ? "" : ", ") + v->name + " = " + std::to_string(val(m, enc_.atomExpr(atom)));
    // Sequential loop values tell which iterations meet (e.g. k0 = 0 and k0 = 32).
    std::string seq;
    bool second = false;
    for (const Side* s : {&a, &b}) {
      std::string one;
      for (const Stmt* l : s->inst.loops)
        if (l->loop == LoopKind::Seq)
          one += (one.empty() ? "" : ", ") + l->var->name + " = " +
                 std::to_string(val(m, enc_.atomExpr(s->inst.loopVar.at(l->var))));
      if (!one.empty() && !(second && &a == &b))
        seq += std::string(seq.empty() ? "" : ", ") + (&a == &b ? "" : second ? "the second access at " : "the first access at ") + one;
      second = true;
    }
    if (!seq.empty()) out += (out.empty() ? "" : "; ") + seq;
    return out.empty() ? "any parameter values" : out;
  }

  static bool inCommonWarpgroupLoop(const AccessSite& a, const AccessSite& b) {
    for (const PathStep& pa : a.path)
      for (const PathStep& pb : b.path)
        if (pa.container == pb.container && pa.container->kind == StmtKind::For &&
            pa.container->loop == LoopKind::Warpgroup)
          return true;
    return false;
  }

  void reportRace(PairQuery& q, size_t depth, const Scenario& sc) {
    const z3::model& m = *q.model;
    const Side& w = q.b.site->write ? q.b : q.a;
    const Side& o = &w == &q.b ? q.a : q.b;
    int64_t fa = val(m, flat(q.a)), fb = val(m, flat(q.b));
    SyncScope need = fa / 32 == fb / 32 ? SyncScope::Warp : fa / 128 == fb / 128 ? SyncScope::Warpgroup : SyncScope::Block;
    // Warpgroup barriers exist only inside warpgroup loops; elsewhere the block one it is.
    if (need == SyncScope::Warpgroup && !inCommonWarpgroupLoop(*q.a.site, *q.b.site)) need = SyncScope::Block;
    std::string syncName = std::string("'exo::sync(") + syncScopeName(need) + ")'";
    std::vector<std::string> args = {w.site->var->name, threadText(m, w), elementText(m, w), threadText(m, o),
                                     o.site->write ? "also writes" : "reads", syncName};
    // Two site pairs can yield the same witness at the same place: say it once.
    if (!reportedRaces_.insert({q.b.site->expr, args}).second) return;
    sink_.diag(DiagID::err_race, q.b.site->expr->range, args);
    sink_.diag(DiagID::note_access, q.a.site->expr->range,
               {std::string("the first access (") + (q.a.site->write ? "a write" : "a read") + " by " +
                threadText(m, q.a) + ")"});
    sink_.diag(DiagID::note_witness, q.b.site->expr->range, {witnessText(m, q.a, q.b)});
    proposeSync(q, depth, sc, need);
  }

  /// One sync before the statement holding the second access: does it fix this case?
  void proposeSync(PairQuery& q, size_t depth, const Scenario& sc, SyncScope need) {
    if (!sc.fixContainer || sc.fixContainer->kind != StmtKind::Block) return;
    const AccessSite& B = *q.b.site;
    size_t level = 0;
    while (level < B.path.size() && B.path[level].container != sc.fixContainer) ++level;
    std::vector<SyncScope> allowed = allowedScopes(B.path, level);
    for (SyncScope sc2 : allowed) {
      if (int(sc2) > int(need)) continue;  // enum order: Block, Warpgroup, Warp (widest first)
      virtual_ = {sc.fixContainer, sc.fixBefore, sc2};
      Scenario ignored;
      PairQuery again = raceQuery(*q.a.site, B, depth, ignored);
      virtual_ = {};
      if (again.verdict != Verdict::Unsat) continue;
      const Stmt* at = sc.fixContainer->body[sc.fixBefore].get();
      std::string text = std::string("[[exo::sync(") + syncScopeName(sc2) + ")]];\n";
      sink_.diag(DiagID::note_sync_fix, SrcRange{at->range.begin, at->range.begin}, {syncScopeName(sc2)},
                 {FixIt{SrcRange{at->range.begin, SrcLoc{}}, text}});
      return;
    }
  }

  // ----------------------------------------------------------- other checks
  void checkAliasing() {
    std::set<std::pair<const Var*, const Var*>> done;
    for (const AccessSite& w : facts_.sites) {
      if (!w.write || !w.var->isGlobalPointer()) continue;
      for (const AccessSite& o : facts_.sites) {
        if (o.var == w.var || !o.var->isGlobalPointer()) continue;
        if (w.var->type.isRestrict || o.var->type.isRestrict) continue;  // restrict on either excludes overlap
        if (!done.insert({std::min(w.var, o.var), std::max(w.var, o.var)}).second) continue;
        sink_.diag(DiagID::err_alias_conflict, w.expr->range,
                   {w.var->name, o.var->name,
                    "'" + w.var->name + "' is written here and '" + o.var->name + "' is " +
                        (o.write ? "written" : "read") + " by the same kernel"});
        sink_.diag(DiagID::note_access, o.expr->range, {"the access to '" + o.var->name + "'"});
      }
    }
  }

  /// Why e may differ between threads of one collective, or "" if it cannot.
  std::string divergence(const ExprPtr& e, int depth = 0) {
    std::string why;
    forEachExpr(e, [&](const Expr& x) {
      if (!why.empty() || depth > 32) return;
      if (x.kind == ExprKind::Index && x.var)
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

  void checkConvergence() {
    for (const PlacedStmt& s : facts_.syncs) {
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
        sink_.diag(DiagID::err_sync_divergent, s.stmt->range, {syncScopeName(s.stmt->scope), what + why});
        sink_.diag(DiagID::note_access, c->range, {c->kind == StmtKind::If ? "the condition" : "the loop"});
        break;
      }
    }
  }

  void checkBounds() {
    for (const AccessSite& site : facts_.sites) {
      if (site.var->isGlobalPointer() || !site.var->isArray() || bad_.count(&site)) continue;
      if (!boundsChecked_.insert({site.expr, site.stmt}).second) continue;  // compound: read and write
      for (size_t d = 0; d < site.var->dims.size() && d < site.expr->args.size(); ++d) {
        Side s = makeSide(site, "a.");
        z3::solver solver = newSolver();
        addFacts(solver, s.inst);
        z3::expr i = enc_.toZ3(s.idx[d]);
        solver.add(i < 0 || i >= ctx_.int_val(static_cast<int64_t>(site.var->dims[d])));
        Verdict v = solve(solver);
        if (v == Verdict::Unsat) continue;
        const Expr& ie = *site.expr->args[d];
        if (v == Verdict::Unknown) {
          sink_.diag(DiagID::err_cannot_prove, ie.range,
                     {"that index '" + printExpr(ie) + "' of '" + site.var->name + "' is in bounds",
                      "the solver could not decide it"});
          break;
        }
        smallWitness(solver);
        z3::model m = solver.get_model();
        sink_.diag(DiagID::err_out_of_bounds, ie.range,
                   {"'" + printExpr(ie) + "' (= " + std::to_string(val(m, i)) + ")", site.var->name,
                    std::to_string(site.var->dims[d]), threadText(m, s)});
        sink_.diag(DiagID::note_witness, ie.range, {witnessText(m, s, s)});
        break;
      }
    }
  }

  /// Distributed registers: two accesses to one element must come from one thread.
  void checkRegisters() {
    const auto& S = facts_.sites;
    std::set<const Var*> reported;
    for (size_t i = 0; i < S.size(); ++i)
      for (size_t j = i; j < S.size(); ++j) {
        const AccessSite &A = S[i], &B = S[j];
        if (A.var != B.var || A.var->memory != Memory::Registers || bad_.count(&A) || bad_.count(&B)) continue;
        if (reported.count(A.var)) continue;
        Side a = makeSide(A, "a."), b = makeSide(B, "b.");
        z3::solver s = newSolver();
        addFacts(s, a.inst);
        addFacts(s, b.inst);
        for (const Stmt* g : k_.gridLoops)
          if (a.inst.iter.count(g) && b.inst.iter.count(g))
            s.add(enc_.atomExpr(a.inst.iter.at(g)) == enc_.atomExpr(b.inst.iter.at(g)));
        s.add(flat(a) != flat(b));
        s.add(sameElement(a, b));
        ++stats_.accessPairs;
        Verdict v = solve(s);
        if (v == Verdict::Unsat) continue;
        reported.insert(A.var);
        if (v == Verdict::Unknown) {
          sink_.diag(DiagID::err_cannot_prove, B.expr->range,
                     {"that each element of '" + A.var->name + "' is used by one thread", "the solver could not decide it"});
          continue;
        }
        smallWitness(s);
        z3::model m = s.get_model();
        sink_.diag(DiagID::err_registers_owner, B.expr->range,
                   {A.var->name, elementText(m, b), threadText(m, b), threadText(m, a)});
        sink_.diag(DiagID::note_access, A.expr->range, {"the use by " + threadText(m, a)});
      }
  }

  /// Greedily drops syncs whose removal keeps the kernel race-free, and warns.
  void findUnneededSyncs() {
    for (const PlacedStmt& s : facts_.syncs) {
      disabled_.insert(s.stmt);
      if (races(false) == 0) {
        sink_.diag(DiagID::warn_sync_unneeded, s.stmt->range, {syncScopeName(s.stmt->scope)},
                   {FixIt{s.stmt->range, ""}});
      } else {
        disabled_.erase(s.stmt);
      }
    }
  }

  const Kernel& k_;
  DiagSink& sink_;
  ProverStats& stats_;
  KernelFacts facts_;
  z3::context ctx_;
  Encoder enc_;
  std::set<const Var*> written_;
  std::set<const AccessSite*> bad_;
  std::set<const Expr*> reportedBad_;
  std::set<std::pair<const Expr*, const Stmt*>> boundsChecked_;
  std::set<const Stmt*> disabled_;
  VirtualSync virtual_;
  std::set<std::pair<const Expr*, std::vector<std::string>>> reportedRaces_;  // messages already given
};

}  // namespace

bool proveKernel(const Kernel& k, DiagSink& sink, ProverStats* stats) {
  auto start = std::chrono::steady_clock::now();
  ProverStats local;
  ProverStats& st = stats ? *stats : local;
  bool ok = false;
  try {
    Prover p(k, sink, st);
    ok = p.run();
  } catch (const z3::exception& e) {
    sink.diag(DiagID::err_cannot_prove, k.loc,
              {"kernel '" + k.name + "' correct", std::string("the solver failed: ") + e.msg()});
    ok = false;
  }
  st.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return ok;
}

}  // namespace exo::checker
