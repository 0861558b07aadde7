// Sequentially, `float s = 0; for (t...) s += x[t];` accumulates into one variable. On
// the GPU every thread has its own copy of a scalar, so a scalar declared outside a
// parallel loop and assigned inside it would give each thread a different value.
#include <map>

#include "checker/Checks.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

void checkScalarOwnership(const Kernel& k, DiagSink& sink) {
  // For every scalar: the number of parallel loops enclosing its declaration.
  std::map<const Var*, size_t> declDepth;
  walkStmts(*k.body, [&](Stmt& s, const std::vector<Stmt*>& path) {
    size_t depth = 0;
    for (const Stmt* p : path) depth += p->isParallel();
    if (s.kind == StmtKind::Decl && !s.var->isArray()) declDepth[s.var] = depth;
    if (s.kind != StmtKind::Assign || s.lhs->kind != ExprKind::VarRef) return true;
    auto it = declDepth.find(s.lhs->var);
    if (it == declDepth.end() || it->second == depth) return true;
    // The outermost parallel loop that encloses the assignment but not the declaration.
    const Stmt* loop = nullptr;
    size_t seen = 0;
    for (const Stmt* p : path)
      if (p->isParallel() && seen++ == it->second) loop = p;
    sink.diag(DiagID::err_scalar_shared_write, s.lhs->range, {s.lhs->var->name, loopKindName(loop->loop)})
        .diag(DiagID::note_declared_here, s.lhs->var->loc, {s.lhs->var->name});
    return true;
  });
}

}  // namespace exo::checker
