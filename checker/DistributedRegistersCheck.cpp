// [[exo::registers]] arrays are sharded over threads by the layout the thread mapping
// computed (model/Layout.h): element [i][j][...] lives in the registers of the thread
// running parallel iteration (i, j). This check only checks that every use agrees with
// it: the leading indices are exactly the enclosing parallel loop variables, and the
// loops map (i, j) to the same thread as the layout's.
#include <map>
#include <sstream>

#include "checker/Checks.h"
#include "model/Evaluate.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

/// The parallel loops below the grid on a path, outermost first.
std::vector<const Stmt*> parallelLoops(const std::vector<Stmt*>& path) {
  std::vector<const Stmt*> loops;
  for (const Stmt* s : path)
    if (s->isParallel() && s->loop != LoopKind::Block) loops.push_back(s);
  return loops;
}

/// How the loops map iterations to threads: equal shapes own the same elements.
std::string shapeKey(const std::vector<const Stmt*>& loops) {
  std::ostringstream os;
  for (const Stmt* l : loops)
    os << loopKindName(l->loop) << ':' << constantValue(*l->lo).value_or(INT64_MIN) << ':' << l->step << ':' << l->tripCount() << ':'
       << l->unit << ':' << l->collective << ';';
  return os.str();
}

}  // namespace

void checkDistributedRegisters(Kernel& k, DiagSink& sink) {
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    std::vector<const Stmt*> loops = parallelLoops(path);
    forEachOwnExpr(s, [&](const ExprPtr& root) {
      forEachExpr(root, [&](const Expr& e) {
        if (!e.var || e.var->memory != Memory::Registers) return;
        Var* v = e.var;
        if (loops.empty()) {
          sink.diag(DiagID::err_registers_outside, e.range, {v->name});
          return;
        }
        std::string names;
        bool ok = (e.kind == ExprKind::Index || e.kind == ExprKind::Window) && e.args.size() >= loops.size();
        for (size_t i = 0; i < loops.size(); ++i) {
          names += (i ? ", " : "") + loops[i]->var->name;
          ok = ok && e.args[i]->kind == ExprKind::VarRef && e.args[i]->var == loops[i]->var;
        }
        if (!ok) {
          sink.diag(DiagID::err_registers_index, e.range, {v->name, names})
              .diag(DiagID::note_declared_here, v->loc, {v->name});
          return;
        }
        // The thread mapping took the layout from the first use like this one.
        const RegisterLayout& layout = v->layout;
        if (layout.definedBy && shapeKey(loops) != shapeKey(layout.loops)) {
          sink.diag(DiagID::err_registers_shape, e.range, {v->name, names})
              .diag(DiagID::note_other_use, layout.definedBy->range);
        }
      });
    });
    // An instruction's meaning indexes its register operands through the operand's
    // tile (checked above, at the call): its own accesses would repeat the same error.
    return s.kind != StmtKind::Instr;
  });
}

}  // namespace exo::checker
