#include "checker/ProverFast.h"

#include <algorithm>
#include <map>
#include <set>

#include "checker/ProverRaces.h"

namespace exo::checker {

using namespace model;

namespace {

/// Text of a Z3 term in which the atoms numbered in (lo, hi) are named by their
/// position ("c3") and every other constant by its own (unique) name: two instances
/// with equal texts are equal up to a renaming of their own atoms.
class ShapeWriter {
public:
  ShapeWriter(const Encoder& enc, int lo, int hi) : enc_(enc), lo_(lo) {
    for (int a = lo + 1; a < hi; ++a) local_[Z3_get_ast_id(enc.ctx, enc.atomExpr(a))] = a - lo;
  }

  void term(const z3::expr& e, std::string& out) {
    if (e.is_numeral()) {
      out += '#';
      out += Z3_get_numeral_string(enc_.ctx, e);
      return;
    }
    if (!e.is_app()) {  // quantifiers and variables never occur; refuse to share them
      out += "?" + std::to_string(Z3_get_ast_id(enc_.ctx, e)) + "?";
      return;
    }
    z3::func_decl d = e.decl();
    unsigned n = e.num_args();
    if (n == 0 && d.decl_kind() == Z3_OP_UNINTERPRETED) {
      auto it = local_.find(Z3_get_ast_id(enc_.ctx, e));
      if (it != local_.end()) out += "c" + std::to_string(it->second);
      else out += "{" + d.name().str() + "}";
      return;
    }
    out += "(" + std::to_string(int(d.decl_kind())) + ":" + d.name().str();
    for (unsigned i = 0; i < n; ++i) {
      out += ' ';
      term(e.arg(i), out);
    }
    out += ')';
  }

  void atom(int a, std::string& out) const {
    out += a > lo_ && local_.count(Z3_get_ast_id(enc_.ctx, enc_.atomExpr(a))) ? "c" + std::to_string(a - lo_)
                                                                                : "a" + std::to_string(a);
  }

  void poly(const Poly& p, std::string& out) const {
    out += '[';
    for (const auto& [m, c] : p.terms) {
      out += std::to_string(c) + "*";
      for (int a : m) {
        atom(a, out);
        out += '.';
      }
      out += '+';
    }
    out += ']';
  }

private:
  const Encoder& enc_;
  int lo_;
  std::unordered_map<unsigned, int> local_;
};

uint64_t pairKey(int a, int b) { return (uint64_t(uint32_t(a)) << 32) | uint32_t(b); }

}  // namespace

FastCheck::FastCheck(const Kernel& k, const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits)
    : k_(k), facts_(facts), q_(facts, stats, limits) {
  q_.incremental = true;
}

Side FastCheck::instance(size_t i, const std::string& tag, int* shape) {
  // The marks bracket the atoms this instance creates (its own atoms).
  int lo = q_.enc.newAtom("mark");
  Side s = q_.makeSide(facts_.sites[i], tag);
  int hi = q_.enc.newAtom("mark");
  if (!shape) return s;
  ShapeWriter w(q_.enc, lo, hi);
  std::string text;
  // The loops and ifs of the path (the common loops of two sites follow from them).
  for (const PathStep& p : s.site->path)
    if (p.container->kind != StmtKind::Block)
      text += std::to_string(reinterpret_cast<uintptr_t>(p.container)) + "/" + std::to_string(p.child) + ";";
  text += "|loops";
  for (const Stmt* l : s.inst.loops) {
    text += ' ';
    w.atom(s.inst.loopVar.at(l->var), text);
    text += ',';
    w.atom(s.inst.iter.at(l), text);
  }
  text += "|facts";
  for (const z3::expr& f : s.inst.facts) {
    text += ' ';
    w.term(f, text);
  }
  text += "|idx";
  for (const Poly& p : s.idx) w.poly(p, text);
  text += "|flat";
  w.poly(*s.inst.flat, text);
  *shape = shapes_.emplace(std::move(text), int(shapes_.size())).first->second;
  return s;
}

const Side& FastCheck::second(size_t i) {
  SiteInfo& si = sites_[i];
  if (!si.b) si.b = std::make_unique<Side>(instance(i, "b.", nullptr));
  return *si.b;
}

bool FastCheck::prepare() {
  if (prepared_) return prepareOk_;
  prepared_ = true;
  const auto& S = facts_.sites;
  std::set<const Var*> written;
  for (const AccessSite& s : S)
    if (s.write) written.insert(s.var);
  std::vector<size_t> used;
  for (size_t i = 0; i < S.size(); ++i) {
    if (!written.count(S[i].var) && S[i].var->isGlobalPointer()) continue;  // needs no model
    used.push_back(i);
    // As the reporting path: every index must be modelled (else it reports why).
    Instance inst = q_.enc.instantiate(S[i].path, "t");
    for (const ExprPtr& a : S[i].expr->args) {
      std::string why;
      if (!a || !q_.enc.intExpr(*a, inst, why)) return prepareOk_ = false;
    }
  }
  // Encode everything once before the instances whose atoms name their shape: atoms
  // shared by all instances (divisions of parameters) are created here, at first use.
  for (size_t i : used) (void)instance(i, "w.", nullptr);
  sites_.resize(S.size());
  std::map<const Var*, size_t> groupOf;
  for (size_t i : used) {
    SiteInfo& si = sites_[i];
    si.used = true;
    si.a = instance(i, "a.", &si.shape);
    for (const Poly& p : si.a.idx) si.consts.push_back(p.isConst() ? p.constValue() : kNotConst);
    const Var* v = S[i].var;
    if (v->memory == Memory::Local || v->memory == Memory::Registers) continue;
    auto [it, fresh] = groupOf.emplace(v, groups_.size());
    if (fresh) groups_.emplace_back();
    groups_[it->second].push_back(i);
  }
  return prepareOk_ = true;
}

/// Some dimension indexed by two different constants: no common element.
bool FastCheck::disjoint(size_t i, size_t j) const {
  const auto &a = sites_[i].consts, &b = sites_[j].consts;
  for (size_t d = 0; d < a.size() && d < b.size(); ++d)
    if (a[d] != kNotConst && b[d] != kNotConst && a[d] != b[d]) return true;
  return false;
}

bool FastCheck::proves() {
  if (!prepare()) return false;
  return boundsProven() && registersProven() && racesProven(true, nullptr);
}

bool FastCheck::boundsProven() {
  const auto& S = facts_.sites;
  for (size_t i = 0; i < S.size(); ++i) {
    const AccessSite& site = S[i];
    if (!sites_[i].used || site.var->isGlobalPointer() || !site.var->isArray()) continue;
    size_t dims = std::min(site.var->dims.size(), site.expr->args.size());
    for (size_t d = 0; d < dims; ++d) {
      int64_t c = sites_[i].consts[d], n = site.var->dims[d];
      if (c != kNotConst && c >= 0 && c < n) continue;
      if (provenBounds_.count(pairKey(sites_[i].shape, int(d)))) continue;
      const Side& s = sites_[i].a;
      Verdict v = q_.solveScoped([&](z3::solver& sol) {
        Queries::addFacts(sol, s.inst);
        z3::expr x = q_.enc.toZ3(s.idx[d]);
        sol.add(x < 0 || x >= q_.ctx.int_val(static_cast<int64_t>(n)));
      });
      if (v != Verdict::Unsat) return false;
      provenBounds_.insert(pairKey(sites_[i].shape, int(d)));
    }
  }
  return true;
}

bool FastCheck::registersProven() {
  const auto& S = facts_.sites;
  for (size_t i = 0; i < S.size(); ++i) {
    if (!sites_[i].used || S[i].var->memory != Memory::Registers || issuedByCollective(S[i])) continue;
    for (size_t j = i; j < S.size(); ++j) {
      if (!sites_[j].used || S[j].var != S[i].var || issuedByCollective(S[j])) continue;
      q_.countCompared();
      if (disjoint(i, j)) continue;
      uint64_t key = pairKey(sites_[i].shape, sites_[j].shape);
      if (provenRegs_.count(key)) continue;
      const Side& a = sites_[i].a;
      const Side& b = i == j ? second(j) : sites_[j].a;
      q_.countPair();
      Verdict v = q_.solveScoped([&](z3::solver& s) {
        Queries::addFacts(s, a.inst);
        Queries::addFacts(s, b.inst);
        for (const Stmt* g : k_.gridLoops)
          if (a.inst.iter.count(g) && b.inst.iter.count(g))
            s.add(q_.enc.atomExpr(a.inst.iter.at(g)) == q_.enc.atomExpr(b.inst.iter.at(g)));
        s.add(q_.flat(a) != q_.flat(b));
        s.add(q_.sameElement(a, b));
      });
      if (v != Verdict::Unsat) return false;
      provenRegs_.insert(key);
    }
  }
  return true;
}

bool FastCheck::racesProven(bool crossBlocks, const SyncsInEffect* before) {
  const auto& S = facts_.sites;
  for (const std::vector<size_t>& group : groups_)
    for (size_t i : group)
      for (size_t j : group) {
        const AccessSite &A = S[i], &B = S[j];
        if (!mayConflict(A, B)) continue;
        q_.countCompared();
        if (disjoint(i, j)) continue;
        const Side& a = sites_[i].a;
        auto sideB = [&]() -> const Side& { return i == j ? second(j) : sites_[j].a; };
        int sa = sites_[i].shape, sb = sites_[j].shape;
        if (crossBlocks && A.var->isGlobalPointer() && i <= j && !k_.gridLoops.empty() &&
            !provenCross_.count(pairKey(sa, sb))) {
          const Side& b = sideB();
          q_.countPair();
          Verdict v = q_.solveScoped([&](z3::solver& s) { addCrossBlockFormula(q_, s, k_, a, b); });
          if (v != Verdict::Unsat) return false;
          provenCross_.insert(pairKey(sa, sb));
        }
        size_t prefix = commonPrefix(A, B);
        std::vector<const Stmt*> common = enclosingLoops(Path(A.path.begin(), A.path.begin() + prefix));
        for (size_t d = 0; d <= common.size(); ++d) {
          if (d < common.size() && common[d]->loop == LoopKind::Block && !common[d]->rankLoop) continue;
          RacePlan plan = planRace(syncs_, A, B, common, prefix, d);
          // A cluster-wide side is ordered by cluster-wide ring edges only, never by a
          // barrier (addRaceFormula): no shortcut, no shared verdict.
          const bool remote = standsForOtherBlocks(a) || standsForOtherBlocks(sideB());
          if (plan.trivially() && !remote) continue;
          if (before && plan.sameAs(planRace(*before, A, B, common, prefix, d))) continue;  // proven then
          // The question is a function of the two shapes, the depth and the plan's syncs
          // (its loop is common[d], which the shapes' paths determine).
          bool share = !remote && sa < (1 << 21) && sb < (1 << 21) && d < 256 && plan.near.bits() < 8 && plan.all.bits() < 8 &&
                       plan.near.plain() && plan.all.plain();  // the key has room for masks only
          uint64_t key = uint64_t(sa) | uint64_t(sb) << 21 | uint64_t(d) << 42 | uint64_t(plan.kind) << 50 |
                         uint64_t(plan.near.bits()) << 52 | uint64_t(plan.all.bits()) << 55;
          if (share && provenRaces_.count(key)) continue;
          const Side& b = sideB();
          q_.countPair();
          Verdict v = q_.solveScoped([&](z3::solver& s) {
            if (!addRaceFormula(q_, s, k_, a, b, common, d, plan)) s.add(q_.ctx.bool_val(false));
          });
          if (v != Verdict::Unsat) return false;
          if (share) provenRaces_.insert(key);
        }
      }
  return true;
}

std::vector<const Stmt*> FastCheck::unneededSyncs() {
  std::vector<const Stmt*> out;
  if (!prepare()) return out;
  for (const PlacedStmt& s : facts_.syncs) {
    SyncsInEffect before = syncs_;
    syncs_.disabled.insert(s.stmt);
    // Cross-block verdicts do not depend on syncs, and the kernel is proven: skip them.
    if (racesProven(/*crossBlocks=*/false, &before)) out.push_back(s.stmt);
    else syncs_.disabled.erase(s.stmt);
  }
  return out;
}

}  // namespace exo::checker
