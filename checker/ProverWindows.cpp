#include "checker/ProverWindows.h"

#include <optional>
#include <string>

#include "checker/ProverAsyncBase.h"
#include "checker/ProverQuery.h"
#include "checker/ProverReport.h"
#include "checker/ProverWitness.h"
#include "model/ExprPrinter.h"

namespace exo::checker {

using namespace model;

// Found by the review of the fifteenth session: `wgmma_wait<0>(acc[g][5])` of a two-slot
// array, and `wgmma_wait<1>(acc[g][(kt - 1) % 2])` naming acc[-1] at kt = 0, were proven.
void checkWindowBounds(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, DiagSink& sink) {
  std::optional<Queries> store;  // its own context: the other questions' witnesses stay as they were
  for (const PlacedStmt& placed : instructionStatements(*facts.kernel)) {
    const Stmt& call = *placed.stmt;
    for (const ExprPtr& o : call.operands) {
      if (!o || o->kind != ExprKind::Window || !o->var || o->var->isGlobalPointer()) continue;
      const size_t dims = std::min(o->var->dims.size(), o->args.size());
      if (dims == 0) continue;
      if (!store) store.emplace(facts, stats, limits);
      Queries& q = *store;
      Encoder& enc = q.enc;
      AccessSite site;
      site.expr = o.get();
      site.var = o->var;
      site.stmt = &call;
      site.path = placed.path;
      Side s = q.makeSide(site, "w.");
      for (size_t d = 0; d < dims; ++d) {
        const Expr& ie = *o->args[d];
        const std::string what = "that index '" + printExpr(ie) + "' of '" + o->var->name + "' is in bounds";
        std::string why;
        std::optional<Poly> idx = enc.intExpr(ie, s.inst, why);
        if (!idx) {
          sink.diag(DiagID::err_cannot_prove, ie.range, {what, "the index " + why});
          break;
        }
        z3::solver solver = q.newSolver();
        Queries::addFacts(solver, s.inst);
        z3::expr i = enc.toZ3(*idx);
        solver.add(i < 0 || i >= q.ctx.int_val(static_cast<int64_t>(o->var->dims[d])));
        Verdict v = q.solve(solver);
        if (v == Verdict::Unsat) continue;
        if (v == Verdict::Unknown) {
          sink.diag(DiagID::err_cannot_prove, ie.range, {what, "the solver could not decide it"});
          break;
        }
        smallWitness(q, solver);
        z3::model m = solver.get_model();
        if (WitnessCheck w = checkWitness(enc, m, s); !w.real) {
          sink.diag(DiagID::err_cannot_prove, ie.range, {what, unrealWitnessReason(w)});
          break;
        }
        sink.diag(DiagID::err_out_of_bounds, ie.range,
                  {"'" + printExpr(ie) + "' (= " + std::to_string(val(m, i)) + ")", o->var->name,
                   std::to_string(o->var->dims[d]), threadText(enc, m, s)});
        sink.diag(DiagID::note_witness, ie.range, {witnessText(enc, m, s, s)});
        break;
      }
    }
  }
}

}  // namespace exo::checker
