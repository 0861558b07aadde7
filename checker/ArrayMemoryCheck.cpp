// Where arrays live: a plain array at collective level would be one private copy per
// thread, which is never what the sequential program means by one array; shared and
// distributed-register arrays are per-CTA objects, so they are declared at block scope.
#include "checker/Checks.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

void checkArrayMemory(const Kernel& k, DiagSink& sink) {
  walkStmts(*k.body, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind != StmtKind::Decl || !s.var->isArray()) return true;
    const Stmt* p = innermostParallel(path);
    // In a cluster body, a block's own arrays are declared at the top of its
    // `block_in_cluster` loop (the cluster level's are distributed: ClusterLevelCheck).
    bool atBlockScope = !path.empty() && (path.back() == k.blockBody ||
                                          (path.size() >= 2 && path[path.size() - 2]->rankLoop));
    if (s.var->memory == Memory::Local && collectiveThreads(k, p) > 1) {
      sink.diag(DiagID::err_array_no_memory, s.range, {s.var->name});
    } else if ((s.var->memory == Memory::Shared || s.var->memory == Memory::Registers) && !atBlockScope) {
      sink.diag(DiagID::err_memory_placement, s.range,
                {s.var->memory == Memory::Shared ? "shared" : "registers", s.var->name});
    }
    return true;
  });
}

}  // namespace exo::checker
