#include "checker/ProverExpects.h"

#include <set>
#include <string>

#include "checker/ProverQuery.h"
#include "checker/ProverReport.h"
#include "checker/ProverWitness.h"
#include "model/ExprPrinter.h"

namespace exo::checker {

using namespace model;

void checkExpects(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, DiagSink& sink) {
  if (facts.expects.empty()) return;
  Queries q(facts, stats, limits);
  Encoder& enc = q.enc;
  std::set<const Stmt*> reported;  // one error per call
  for (const PlacedStmt& placed : facts.expects) {
    const Stmt& st = *placed.stmt;
    const Stmt* call = instructionCallOf(placed.path);
    if (!call || reported.count(call) || !st.cond) continue;
    // The call's instance (its loops and the conditions around it), as an access site
    // whose "element" is the condition: the witness names the same iterations.
    AccessSite site;
    site.expr = st.cond.get();
    site.stmt = &st;
    site.path = placed.path;
    site.instr = call;
    Side s = q.makeSide(site, "a.");
    const std::string what = "'" + call->instr->name + "' requires '" + printExpr(*st.cond) + "'";
    std::string why;
    std::optional<z3::expr> holds = enc.boolExpr(*st.cond, s.inst, why);
    if (!holds) {
      reported.insert(call);
      sink.diag(DiagID::err_cannot_prove, call->range, {"that " + what + " holds", "the condition " + why});
      sink.diag(DiagID::note_access, st.range, {"the requirement"});
      continue;
    }
    z3::solver solver = q.newSolver();
    Queries::addFacts(solver, s.inst);
    solver.add(!*holds);
    Verdict verdict = q.solve(solver);
    if (verdict == Verdict::Unsat) continue;
    reported.insert(call);
    if (verdict == Verdict::Unknown) {
      sink.diag(DiagID::err_cannot_prove, call->range, {"that " + what + " holds", "the solver could not decide it"});
      sink.diag(DiagID::note_access, st.range, {"the requirement"});
      continue;
    }
    smallWitness(q, solver);
    z3::model m = solver.get_model();
    if (WitnessCheck w = checkWitness(enc, m, s); !w.real) {
      sink.diag(DiagID::err_cannot_prove, call->range, {"that " + what + " holds", unrealWitnessReason(w)});
      continue;
    }
    sink.diag(DiagID::err_instr_expects, call->range, {call->instr->name, printExpr(*st.cond), "at this call"});
    sink.diag(DiagID::note_access, st.range, {"the requirement"});
    sink.diag(DiagID::note_witness, call->range, {witnessText(enc, m, s, s)});
  }
}

}  // namespace exo::checker
