// A barrier must be reached by every thread of its scope: not from inside a parallel
// loop that splits that scope (barrier divergence), and only inside a collective at
// least as large as the scope.
#include "checker/Checks.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

void checkSyncPlacement(const Kernel& k, DiagSink& sink) {
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind != StmtKind::Sync) return true;
    const Stmt* p = innermostParallel(path);
    const char* scope = syncScopeName(s.scope);
    // The collective running the sync must be exactly the scope (warpgroup, warp) or
    // contain whole copies of it (warp syncs at block or warpgroup level).
    bool ok = false;
    switch (s.scope) {
      case SyncScope::Block: ok = !p; break;
      case SyncScope::Warpgroup: ok = p && p->loop == LoopKind::Warpgroup; break;
      case SyncScope::Warp: ok = !p || p->loop == LoopKind::Warpgroup || p->loop == LoopKind::Warp; break;
    }
    if (ok) return true;
    if (!p) {
      sink.diag(DiagID::err_sync_outside_scope, s.range,
                {scope, "put it inside an '[[exo::parallel(warpgroup)]]' loop"});
    } else {
      sink.diag(DiagID::err_sync_placement, s.range, {scope, loopKindName(p->loop)})
          .diag(DiagID::note_loop_here, p->range, {loopKindName(p->loop)});
    }
    return true;
  });
}

}  // namespace exo::checker
