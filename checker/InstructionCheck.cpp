// An instruction runs on exactly its collective: a warp instruction directly inside a
// warp loop (all 32 lanes issue it together), a thread instruction inside a thread loop
// whose iteration is one thread. Fragment arrays are touched only by instructions, in
// one layout. (Operand memories are checked where the call is parsed; convergence and
// alignment are proven by the prover.)
#include "checker/Checks.h"
#include "model/Fragment.h"
#include "model/ExprPrinter.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

/// What runs a statement whose innermost parallel loop is `p`, in words.
std::string runnerText(const Kernel& k, const Stmt* p) {
  int64_t threads = collectiveThreads(k, p);
  if (!p) return "the whole block (" + std::to_string(threads) + " threads)";
  std::string what = std::to_string(threads) + (threads == 1 ? " thread" : " threads");
  return what + " of a '" + loopKindName(p->loop) + "' loop";
}

void checkPlacement(const Kernel& k, const Stmt& s, const std::vector<Stmt*>& path, DiagSink& sink) {
  const Collective& need = collective(s.instr->collective);
  const Stmt* p = innermostParallel(path);
  // A ring wait or arrival stands at any level: every thread that reaches it waits, every
  // copy of the arrival's collective arrives (checker/ProverRings checks that whole
  // copies run it).
  if (s.instr->async.anyLevel()) return;
  // A block instruction runs on the whole CTA: outside every parallel loop below the grid.
  bool ok = need.id == CollectiveId::Block ? p == nullptr
                                           : p && levelOf(p->loop)->id == need.id && collectiveThreads(k, p) == need.threads;
  if (ok) return;
  std::string issuer = need.threads == 1 ? std::string("one thread") : std::string("a whole ") + need.name;
  sink.diag(DiagID::err_instr_collective, s.range, {s.instr->name, issuer, runnerText(k, p), need.name});
  if (p) sink.diag(DiagID::note_loop_here, p->range, {loopKindName(p->loop)});
}

void checkFragments(const Kernel& k, DiagSink& sink) {
  // Every fragment operand agrees with the array's layout (set from the first one).
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
    if (s.kind != StmtKind::Instr) return true;
    for (size_t i = 0; i < s.operands.size() && i < s.instr->operands.size(); ++i) {
      const Operand& op = s.instr->operands[i];
      const Expr& x = *s.operands[i];
      if (op.kind != Operand::Kind::Fragment || !x.var) continue;
      const RegisterLayout& l = x.var->layout;
      if (l.fragment && l.fragment != op.layout)
        sink.diag(DiagID::err_fragment_layout, x.range, {x.var->name, op.layout->name, l.fragment->name})
            .diag(DiagID::note_other_use, l.fragmentBy->range);
    }
    return false;  // the meaning's accesses are the instruction's own
  });
  // Outside instructions, a fragment array is not touched element by element.
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
    if (s.kind == StmtKind::Instr) return false;
    forEachOwnExpr(s, [&](const ExprPtr& root) {
      forEachExpr(root, [&](const Expr& e) {
        if (e.kind == ExprKind::Index && e.var && e.var->type.scalar == ScalarKind::MBarrier)
          sink.diag(DiagID::err_mbarrier_elementwise, e.range, {e.var->name}).diag(DiagID::note_declared_here, e.var->loc, {e.var->name});
        if (e.kind == ExprKind::Index && e.var && e.var->swizzle)
          sink.diag(DiagID::err_swizzled_elementwise, e.range, {e.var->name}).diag(DiagID::note_declared_here, e.var->loc, {e.var->name});
        if (e.kind == ExprKind::Index && e.var && e.var->layout.fragment)
          sink.diag(DiagID::err_fragment_elementwise, e.range, {e.var->name, e.var->layout.fragment->name})
              .diag(DiagID::note_other_use, e.var->layout.fragmentBy->range);
      });
    });
    return true;
  });
}

}  // namespace

/// A TMA copy (an async_ring instruction) reads its global operand through a tensor map
/// (a tma_store instruction writes it through one) built from the pointer's exo::extent:
/// the tensor must be declared with the instruction's rank (3 when it takes a `depth`
/// operand, else 2), and the extents the meaning uses (operands `depth`, `rows`, `ld`)
/// must be the declared ones.
void checkTensorMap(const Stmt& s, DiagSink& sink) {
  const Instruction& in = *s.instr;
  const Expr* global = nullptr;
  const Expr* shape[3] = {nullptr, nullptr, nullptr};  // depth, rows, ld: as the instruction names them
  static const char* const kShapeNames[3] = {"depth", "rows", "ld"};
  for (size_t i = 0; i < in.operands.size() && i < s.operands.size(); ++i) {
    if (in.operands[i].kind == Operand::Kind::Global) global = s.operands[i].get();
    for (int d = 0; d < 3; ++d)
      if (in.operands[i].name == kShapeNames[d]) shape[d] = s.operands[i].get();
  }
  if (!global || !global->var) return;
  const Var& t = *global->var;
  const size_t rank = shape[0] ? 3 : 2;
  if (t.extents.size() != rank) {
    sink.diag(DiagID::err_tma_extent, s.range,
              {in.name, t.name,
               rank == 3 ? "its 3-D shape: declare 'exo::extent(" + t.name + ", depth, rows, columns)'"
                         : "its shape: declare 'exo::extent(" + t.name + ", rows, columns)'"});
    return;
  }
  // The extent each shape operand must be (a 2-D tensor: rows, columns).
  static const char* const kWhat[3] = {"the depth", "the rows", "the row pitch"};
  for (int d = 0; d < 3; ++d) {
    const Expr* given = shape[d];
    if (!given) continue;
    const Expr& declared = *t.extents[d - (3 - rank)];
    if (sameExpr(*given, declared)) continue;
    sink.diag(DiagID::err_tma_extent, given->range,
              {in.name, t.name,
               std::string(kWhat[d]) + " of its exo::extent, '" + printExpr(declared) + "', not '" + printExpr(*given) + "'" +
                   (printExpr(*given) == printExpr(declared) ? " (another variable of that name)" : "")});
  }
}

void checkInstructions(const Kernel& k, DiagSink& sink) {
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind != StmtKind::Instr) return true;
    if (s.isBarrier()) return false;  // a barrier may stand where whole copies of its scope run: SyncPlacementCheck
    checkPlacement(k, s, path, sink);
    if (s.instr->async.viaTensorMap()) checkTensorMap(s, sink);
    return false;
  });
  checkFragments(k, sink);
}

}  // namespace exo::checker
