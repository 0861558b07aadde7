// A barrier must be reached by every thread of its scope: not from inside a parallel
// loop that splits that scope (barrier divergence), and only inside a collective at
// least as large as the scope.
#include "checker/Checks.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

void checkSyncPlacement(const Kernel& k, DiagSink& sink) {
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (!s.isBarrier()) return true;
    if (s.barrierScope() == CollectiveId::Cluster) return true;  // checker/ClusterLevelCheck
    const Stmt* p = innermostParallel(path);
    const char* scope = syncScopeName(s.barrierScope());
    // The collective running the sync must be exactly the scope (warpgroup, warp) or
    // contain whole copies of it (warp syncs at block or warpgroup level).
    const Collective& running = p ? *levelOf(p->loop) : collective(CollectiveId::Block);
    if (barrierAllowedIn(running, collective(s.barrierScope()))) return true;
    if (!p) {
      sink.diag(DiagID::err_sync_outside_scope, s.range,
                {scope, std::string("put it inside an '[[exo::parallel(") + scope + ")]]' loop"});
    } else {
      sink.diag(DiagID::err_sync_placement, s.range, {scope, loopKindName(p->loop)})
          .diag(DiagID::note_loop_here, p->range, {loopKindName(p->loop)});
    }
    return true;
  });
}

}  // namespace exo::checker
