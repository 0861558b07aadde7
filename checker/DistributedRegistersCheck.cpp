// [[exo::registers]] arrays are sharded over threads: element [i][j][...] lives in the
// registers of the thread running parallel iteration (i, j). That is only meaningful if
// every use indexes the leading dimensions by exactly the enclosing parallel loop
// variables, and every use maps (i, j) to the same thread.
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

struct FirstUse {
  std::string key;
  SrcRange range;
};

}  // namespace

void checkDistributedRegisters(Kernel& k, DiagSink& sink) {
  std::map<Var*, FirstUse> first;
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
        bool ok = e.kind == ExprKind::Index && e.args.size() >= loops.size();
        for (size_t i = 0; i < loops.size(); ++i) {
          names += (i ? ", " : "") + loops[i]->var->name;
          ok = ok && e.args[i]->kind == ExprKind::VarRef && e.args[i]->var == loops[i]->var;
        }
        if (!ok) {
          sink.diag(DiagID::err_registers_index, e.range, {v->name, names})
              .diag(DiagID::note_declared_here, v->loc, {v->name});
          return;
        }
        std::string key = shapeKey(loops);
        auto [it, inserted] = first.emplace(v, FirstUse{key, e.range});
        if (!inserted && it->second.key != key) {
          sink.diag(DiagID::err_registers_shape, e.range, {v->name, names})
              .diag(DiagID::note_other_use, it->second.range);
          return;
        }
        v->ownedDims = static_cast<int>(loops.size());
      });
    });
    return true;
  });
}

}  // namespace exo::checker
