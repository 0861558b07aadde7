#include "checker/ProverQuery.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

namespace exo::checker {

namespace {
const model::Stmt* rankLoopOf(const Side& s) {
  for (const model::Stmt* l : s.inst.gridLoops)
    if (l->rankLoop) return l;
  return nullptr;
}
}  // namespace

z3::expr sameBlock(const Encoder& enc, const Side& a, const Side& b) {
  const model::Stmt *la = rankLoopOf(a), *lb = rankLoopOf(b);
  // Every access of a cluster body is inside a rank loop (checker/ClusterLevelCheck);
  // a side outside one is of another kernel, all of whose sides share the block.
  if (!la || !lb) return enc.ctx.bool_val(true);
  return enc.atomExpr(a.inst.iter.at(la)) == enc.atomExpr(b.inst.iter.at(lb));
}

bool standsForOtherBlocks(const Side& s) {
  if (!s.site || s.site->completes) return false;
  const model::Stmt* call = s.site->instr ? s.site->instr : s.site->stmt;
  return call && call->kind == model::StmtKind::Instr && call->instr && call->instr->async.cluster;
}

using namespace model;

/// The wall-clock guard (ProverLimits::timeLimitSeconds, 60 s by default) is a guard
/// against hanging, far above what the deterministic limits allow: a question
/// within its resource limit (20M units; the corpus's hardest, err_misaligned_global and
/// ok_xor_swizzle, take 2.5-3M units, about 3 s on an idle 2-core machine and 8 s under
/// CI's load) must not be cut off by the clock, or the verdict would depend on the
/// machine's load (it did at 8 s: err_misaligned_global's witness changed). The cost: a
/// question on which the solver stops counting its work takes up to a minute to end in
/// "cannot prove", with a note saying that a time limit decided it.

/// The solver's resource units spent so far (cumulative over its checks).
static uint64_t workOf(z3::solver& s) {
  z3::stats st = s.statistics();
  for (unsigned i = 0; i < st.size(); ++i)
    if (st.key(i) == "rlimit count") return st.is_uint(i) ? st.uint_value(i) : static_cast<uint64_t>(st.double_value(i));
  return 0;
}

Verdict Queries::solve(z3::solver& s) {
  if (stats_.solverQueries >= limits_.maxQueries || stats_.solverWork >= limits_.maxWork) throw LimitReached{};
  ++stats_.solverQueries;
  // Z3 4.8's arithmetic solver can run far past the resource limit on a non-linear
  // integer question (a product of two unknowns: it stops checking the limit). Every
  // question also has a wall-clock cut-off (limits_.timeLimitSeconds), a guard against hanging
  // far above what the resource limit allows: a question cut off answers "unknown"
  // ("cannot prove", never an accept).
  auto t0 = std::chrono::steady_clock::now();
  z3::check_result r = s.check();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  stats_.slowestQuerySeconds = std::max(stats_.slowestQuerySeconds, seconds);
  // Count the work of this check: the solver's counter grows over its checks (the fast
  // path's incremental solver); a fresh solver starts from 0.
  uint64_t now = workOf(s);
  uint64_t& before = workSeen_[static_cast<Z3_solver>(s)];
  stats_.solverWork += now >= before ? now - before : now;
  before = now;
  switch (r) {
    case z3::unsat: return Verdict::Unsat;
    case z3::sat: return Verdict::Sat;
    default:
      // Z3 says why: "timeout" (or "canceled") for the clock, a resource message
      // otherwise; but a timer that stops the non-linear arithmetic solver may surface as
      // "(incomplete (theory arithmetic))". A question that ran the whole limit counts as
      // cut off whatever the reason says (lit prover/time_limit_option.cpp saw both).
      if (const std::string why = s.reason_unknown(); why.find("timeout") != std::string::npos ||
                                                      why.find("canceled") != std::string::npos ||
                                                      seconds * 1000 >= timeLimitMilliseconds(limits_))
        ++stats_.timeCutoffs;
      return Verdict::Unknown;
  }
}

void Queries::countCompared() {
  if (++stats_.pairsCompared / ProverLimits::kPairsPerQuery >= limits_.maxQueries) throw LimitReached{};
}

z3::solver& Queries::base() {
  if (!base_) base_.emplace(newSolver());
  return *base_;
}

z3::solver Queries::newSolver() {
  // The plain SMT core: no per-query tactic selection (most queries are tiny).
  z3::solver s(ctx, z3::solver::simple());
  // A new solver may reuse a freed one's address: its work starts from 0, not from the
  // counter seen for that address (which made the total depend on the heap).
  workSeen_.erase(static_cast<Z3_solver>(s));
  z3::params p(ctx);
  // A deterministic resource limit, not a wall-clock timeout: the verdict (and so the
  // diagnostics and the exit code) must not depend on the machine's load.
  p.set("rlimit", 20000000u);
  p.set("random_seed", 0u);
  // A guard against hanging, not a limit on the work: Z3 4.8's arithmetic solver can run
  // far past the resource limit on some non-linear integer questions (it stops checking
  // the limit). Ordinary questions take milliseconds; one cut off here answers "unknown"
  // ("cannot prove", never an accept).
  p.set("timeout", timeLimitMilliseconds(limits_));
  s.set(p);
  for (const z3::expr& f : enc.assumeFacts()) s.add(f);
  return s;
}

void Queries::addFacts(z3::solver& s, const Instance& inst) {
  for (const z3::expr& f : inst.facts) s.add(f);
}

Side Queries::makeSide(const AccessSite& s, const std::string& tag) {
  Side side;
  side.site = &s;
  side.id = sides_++;
  side.inst = enc.instantiate(s.path, tag);
  std::string why;
  // Guards narrow the instances; one that cannot be encoded is dropped (more
  // instances: conservative), like the conditions of enclosing ifs.
  for (const auto& [cond, value] : s.guards)
    if (std::optional<z3::expr> b = enc.boolExpr(*cond, side.inst, why)) {
      side.inst.facts.push_back(value ? *b : !*b);
    } else {
      side.inst.dropped.push_back({cond, why});
      if (std::optional<z3::expr> implied = enc.impliedFacts(*cond, value, side.inst)) side.inst.facts.push_back(*implied);
    }
  for (const ExprPtr& a : s.expr->args) {
    std::optional<Poly> p = enc.intExpr(*a, side.inst, why);
    side.idx.push_back(p ? *p : Poly());
  }
  return side;
}

/// 0 <= r < P for every instance of `side`?
bool Queries::provenInRange(const Poly& r, int p, const Side& side, int64_t radix) {
  auto bound = [&] { return p >= 0 ? enc.atomExpr(p) : ctx.int_val(radix); };
  if (incremental) {
    std::string key = p >= 0 ? "" : "radix " + std::to_string(radix) + ": ";
    for (const auto& [m, c] : r.terms) {
      key += std::to_string(c) + "*";
      for (int a : m) key += std::to_string(a) + ".";
      key += "+";
    }
    auto it = inRange_.find({side.id, p, key});
    if (it != inRange_.end()) return it->second;
    // A constant radix asks about one side's facts only: a fresh solver holds just them,
    // far cheaper than a scope of the shared incremental one (measured: ~2.5M units each).
    if (p < 0) {
      z3::solver s = newSolver();
      addFacts(s, side.inst);
      s.add(enc.toZ3(r) < 0 || enc.toZ3(r) >= bound());
      return inRange_[{side.id, p, key}] = solve(s) == Verdict::Unsat;
    }
    bool ok = solveScoped([&](z3::solver& s) {
                addFacts(s, side.inst);
                z3::expr R = enc.toZ3(r), P = bound();
                s.add(R < 0 || R >= P);
              }) == Verdict::Unsat;
    inRange_[{side.id, p, key}] = ok;
    return ok;
  }
  z3::solver s = newSolver();
  addFacts(s, side.inst);
  z3::expr R = enc.toZ3(r), P = bound();
  s.add(R < 0 || R >= P);
  return solve(s) == Verdict::Unsat;
}

namespace {

/// x = radix * quotient + rest: the terms whose coefficient `radix` divides, and the
/// constant's multiple of it, go to the quotient (divided); the rest stays.
void splitByRadix(const Poly& x, int64_t radix, Poly& quotient, Poly& rest) {
  quotient = Poly();
  rest = Poly();
  for (const auto& [m, c] : x.terms) {
    if (m.empty()) {
      int64_t q = c / radix, r = c % radix;
      if (r < 0) q -= 1, r += radix;  // floor division: 0 <= r < radix
      if (q) quotient.terms[m] = q;
      if (r) rest.terms[m] = r;
    } else if (c % radix == 0) {
      quotient.terms[m] = c / radix;
    } else {
      rest.terms[m] = c;
    }
  }
}

}  // namespace

/// Mixed-radix indices (`(b * 32 + t % 32) * 64 + t / 32 * 8 + e`) compared linearly are
/// hard for the solver's simplex: that two blocks' ranges of 2048 elements do not meet
/// needs integer reasoning about every digit at once (measured: 1.4 s, and over a
/// minute for the same index beside another loop). With a radix C that divides some
/// coefficients, a = C * Qa + Ra and b = C * Qb + Rb with 0 <= Ra, Rb < C proven for
/// every instance (one small query per side, cached), a == b iff Qa == Qb and Ra == Rb
/// (Euclid): in every real instance (whose facts imply the ranges) the two formulas
/// agree, so the question has the same answers and witnesses, each digit compared alone.
std::optional<z3::expr> Queries::equalByRadix(const Poly& a, const Poly& b, const Side& sa, const Side& sb, int depth) {
  if (depth > 4) return std::nullopt;
  std::set<int64_t> radices;
  for (const Poly* x : {&a, &b})
    for (const auto& [m, c] : x->terms)
      if (!m.empty() && (c > 1 || c < -1)) radices.insert(c < 0 ? -c : c);
  int tried = 0;
  for (auto it = radices.rbegin(); it != radices.rend() && tried < 3; ++it) {
    const int64_t radix = *it;
    Poly qa, ra, qb, rb;
    splitByRadix(a, radix, qa, ra);
    splitByRadix(b, radix, qb, rb);
    // A split must leave a variable part on each side of it, in both polynomials.
    if (qa.isConst() && qb.isConst()) continue;
    if (ra.isConst() && rb.isConst()) continue;
    ++tried;
    if (!provenInRange(ra, -1, sa, radix) || !provenInRange(rb, -1, sb, radix)) continue;
    auto part = [&](const Poly& x, const Poly& y) {
      std::optional<z3::expr> e = equalByRadix(x, y, sa, sb, depth + 1);
      return e ? *e : enc.toZ3(x - y) == 0;
    };
    return part(qa, qb) && part(ra, rb);
  }
  return std::nullopt;
}

/// a == b as a formula; delinearizes `Q * P + R` with 0 <= R < P (P a parameter)
/// into Q == Q' && R == R', which keeps parametric strides linear.
z3::expr Queries::equalIndex(const Poly& a, const Poly& b, const Side& sa, const Side& sb, int depth) {
  Poly d = a - b;
  auto digits = [](const Poly& x) { return x.terms.size() - x.terms.count({}); };
  // Two digits (`64 * g + i`) the solver handles at once; the split pays from three on
  // (and its range questions cost work in kernels with many indices: measured).
  if (d.isLinear() && a.isLinear() && b.isLinear() && !d.isConst() && digits(a) >= 3 && digits(b) >= 3)
    if (std::optional<z3::expr> split = equalByRadix(a, b, sa, sb, 0)) return *split;
  if (d.isLinear() || depth > 4) return enc.toZ3(d) == 0;
  std::vector<int> shared = enc.sharedAtoms();  // copy: solving adds no atoms, but be safe
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
  return enc.toZ3(d) == 0;  // non-linear: Z3 may answer unknown -> "cannot prove"
}

z3::expr Queries::outsideExtent(const Poly& idx, const std::vector<Poly>& extents, const Side& side) {
  if (extents.empty()) return ctx.bool_val(false);
  Poly total = Poly::constant(1);
  for (const Poly& e : extents) total = total * e;
  const Poly& last = extents.back();
  if (extents.size() > 1 && !last.isConst() && last.terms.size() == 1 && last.terms.begin()->second == 1 &&
      last.terms.begin()->first.size() == 1) {
    int p = last.terms.begin()->first[0];
    Poly q, r;
    idx.splitBy(p, q, r);
    if (!q.terms.empty() && provenInRange(r, p, side))
      return outsideExtent(q, std::vector<Poly>(extents.begin(), extents.end() - 1), side);
  }
  z3::expr I = enc.toZ3(idx);
  return I < 0 || I >= enc.toZ3(total);  // non-linear when extents multiply parameters
}

z3::expr Queries::sameElement(const Side& a, const Side& b) {
  z3::expr e = ctx.bool_val(true);
  for (size_t i = 0; i < a.idx.size() && i < b.idx.size(); ++i) e = e && equalIndex(a.idx[i], b.idx[i], a, b);
  return e;
}

}  // namespace exo::checker

namespace exo::checker {

z3::expr Queries::differentIssues(const Side& a, const Side& b) {
  const model::Stmt* call = a.site->instr;
  if (!call || call != b.site->instr || a.site->completes || b.site->completes) return ctx.bool_val(true);
  z3::expr differ = ctx.bool_val(false);
  for (const PathStep& step : a.site->path) {
    if (step.container == call) break;
    if (step.container->kind != model::StmtKind::For) continue;
    auto ia = a.inst.iter.find(step.container), ib = b.inst.iter.find(step.container);
    if (ia != a.inst.iter.end() && ib != b.inst.iter.end())
      differ = differ || enc.atomExpr(ia->second) != enc.atomExpr(ib->second);
  }
  return differ;
}

bool issuedByCollective(const AccessSite& s) {
  return s.instr && model::collective(s.instr->instr->collective).threads != 1;
}

}  // namespace exo::checker
