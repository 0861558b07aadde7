#include "checker/ProverAlignment.h"

#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "checker/ProverQuery.h"
#include "checker/ProverReport.h"
#include "checker/ProverWitness.h"
#include "model/Evaluate.h"
#include "model/ExprPrinter.h"

namespace exo::checker {

using namespace model;

namespace {

/// c such that every value of parameter `p` is a multiple of c, from exo::assume
/// conjuncts `p % c == 0`.
int64_t assumedDivisor(const KernelFacts& facts, const Var* p) {
  int64_t d = 1;
  std::function<void(const Expr&)> visit = [&](const Expr& e) {
    if (e.kind != ExprKind::Binary) return;
    if (e.op == Op::LogAnd) {
      visit(*e.args[0]);
      visit(*e.args[1]);
      return;
    }
    if (e.op != Op::Eq || e.args[1]->kind != ExprKind::IntLit || e.args[1]->ival != 0) return;
    const Expr& mod = *e.args[0];
    if (mod.kind == ExprKind::Binary && mod.op == Op::Rem && mod.args[0]->kind == ExprKind::VarRef &&
        mod.args[0]->var == p && mod.args[1]->kind == ExprKind::IntLit && mod.args[1]->ival > 0)
      d = std::lcm(d, mod.args[1]->ival);
  };
  for (const Expr* a : facts.assumes) visit(*a);
  return d;
}

/// Every monomial of `bytes` is a multiple of `align` (parameters counted with the
/// divisors the assumes give them): a proof without the solver, which keeps products
/// of parameters (`row * K` with K % 32 == 0) out of non-linear arithmetic.
bool dividesEveryTerm(const Poly& bytes, int64_t align, const std::map<int, int64_t>& divisors) {
  for (const auto& [mono, coeff] : bytes.terms) {
    __int128 m = coeff;
    for (int a : mono) {
      auto it = divisors.find(a);
      if (it != divisors.end()) m *= it->second;
    }
    if (m % align != 0) return false;
  }
  return true;
}

}  // namespace

void checkAlignments(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, DiagSink& sink) {
  if (facts.alignments.empty()) return;
  Queries q(facts, stats, limits);
  Encoder& enc = q.enc;
  std::map<int, int64_t> divisors;
  for (const auto& [v, atom] : enc.params()) divisors[atom] = assumedDivisor(facts, v);
  std::set<const Stmt*> reported;  // one error per call
  for (const PlacedStmt& placed : facts.alignments) {
    const Stmt& st = *placed.stmt;
    const Stmt* call = instructionCallOf(placed.path);
    if (!call || reported.count(call)) continue;
    const Expr& el = *st.lhs;
    const Var& v = *el.var;
    AccessSite site;  // the element, instantiated like an access
    site.expr = &el;
    site.var = &v;
    site.stmt = &st;
    site.path = placed.path;
    site.instr = call;
    Side s = q.makeSide(site, "a.");
    // The element's byte offset from the array's start (shared arrays are 16-byte
    // aligned by the printer; a global pointer's own alignment is checked at launch).
    std::string why;
    std::optional<Poly> linear = Poly::constant(0);
    if (v.isGlobalPointer()) {
      linear = enc.intExpr(*el.args[0], s.inst, why);
    } else {
      for (size_t d = 0; d < el.args.size() && linear; ++d) {
        std::optional<Poly> i = enc.intExpr(*el.args[d], s.inst, why);
        if (!i) linear.reset();
        else linear = linear->scaled(v.dims[d]) + *i;
      }
    }
    std::string what = "'&" + printExpr(el) + "'";
    // The array's own start: swizzled shared arrays 1024-byte aligned, other shared
    // arrays of 128 bytes or more 128 (model/ThreadMapping, rewriter/CudaPrinter), the
    // rest 16; a global pointer's alignment is checked at launch.
    const int64_t bytesOfArray = v.elementCount() * v.type.scalarBytes();
    const int64_t base = v.isGlobalPointer() ? st.step : v.swizzle ? 1024 : v.memory == Memory::Shared && bytesOfArray >= 128 ? 128 : 16;
    if (st.step > base) {
      reported.insert(call);
      sink.diag(DiagID::err_cannot_prove, call->range,
                {"that " + what + " is " + std::to_string(st.step) + "-byte aligned, as '" + call->instr->name + "' requires",
                 "'" + v.name + "' itself starts only " + std::to_string(base) + "-byte aligned (shared arrays of 128 bytes "
                 "or more start 128-byte aligned, swizzled ones 1024)"});
      continue;
    }
    if (!linear) {
      reported.insert(call);
      sink.diag(DiagID::err_cannot_prove, call->range,
                {"that " + what + " is " + std::to_string(st.step) + "-byte aligned, as '" + call->instr->name + "' requires",
                 "its index cannot be modelled: " + why});
      continue;
    }
    Poly bytes = linear->scaled(v.type.scalarBytes());
    // A loop variable from a constant start by a constant step is a multiple of
    // gcd(start, step) (`k0 += 8` from 0: of 8).
    std::map<int, int64_t> known = divisors;
    for (const Stmt* l : s.inst.loops)
      if (std::optional<int64_t> lo = constantValue(*l->lo); lo && s.inst.loopVar.count(l->var))
        known[s.inst.loopVar.at(l->var)] = std::gcd(*lo < 0 ? -*lo : *lo, l->step);
    if (dividesEveryTerm(bytes, st.step, known)) continue;
    z3::solver solver = q.newSolver();
    // A smaller deterministic budget than the race queries': the divisibility facts
    // above settle the common cases, and a non-linear question here rarely resolves.
    z3::params budget(q.ctx);
    budget.set("rlimit", 2000000u);
    solver.set(budget);
    Queries::addFacts(solver, s.inst);
    z3::expr quotient = q.ctx.int_const("align.q");
    z3::expr rest = enc.toZ3(bytes) - q.ctx.int_val(st.step) * quotient;
    solver.add(rest > 0 && rest < q.ctx.int_val(st.step));
    Verdict verdict = q.solve(solver);
    if (verdict == Verdict::Unsat) continue;
    reported.insert(call);
    if (verdict == Verdict::Unknown) {
      sink.diag(DiagID::err_cannot_prove, call->range,
                {"that " + what + " is " + std::to_string(st.step) + "-byte aligned, as '" + call->instr->name + "' requires",
                 "the solver could not decide it (non-linear index arithmetic); state the divisibility of the sizes "
                 "with 'exo::assume(n % 8 == 0)'"});
      sink.diag(DiagID::note_access, st.range, {"the requirement"});
      continue;
    }
    smallWitness(q, solver);
    z3::model m = solver.get_model();
    if (WitnessCheck w = checkWitness(enc, m, s); !w.real) {
      sink.diag(DiagID::err_cannot_prove, call->range,
                {"that " + what + " is " + std::to_string(st.step) + "-byte aligned, as '" + call->instr->name + "' requires",
                 unrealWitnessReason(w)});
      continue;
    }
    sink.diag(DiagID::err_misaligned, call->range,
              {call->instr->name, what + " (byte offset " + std::to_string(val(m, enc.toZ3(bytes))) + " in '" + v.name + "')",
               std::to_string(st.step)});
    sink.diag(DiagID::note_access, st.range, {"the requirement"});
    sink.diag(DiagID::note_witness, call->range, {witnessText(enc, m, s, s)});
  }
}

}  // namespace exo::checker
