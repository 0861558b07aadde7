#include "checker/Checks.h"

namespace exo::checker {

using namespace model;

const Stmt* innermostParallel(const std::vector<Stmt*>& path) {
  for (auto it = path.rbegin(); it != path.rend(); ++it)
    if ((*it)->isParallel() && (*it)->loop != LoopKind::Block) return *it;
  return nullptr;
}

int64_t collectiveThreads(const Kernel& k, const Stmt* p) { return p ? p->unit : k.blockThreads; }

const char* collectiveName(const Stmt* p) {
  if (!p) return collective(CollectiveId::Block).name;
  const Collective* c = levelOf(p->loop);
  return c->nestsItself ? "thread group of the enclosing thread loop" : c->name;
}

bool checkStructure(Kernel& k, DiagSink& sink) {
  unsigned before = sink.errors;
  checkAssumes(k, sink);
  checkTileOrder(k, sink);
  checkL2Policy(k, sink);
  checkCollectivePlacement(k, sink);
  checkSyncPlacement(k, sink);
  checkArrayMemory(k, sink);
  checkScalarOwnership(k, sink);
  checkInstructions(k, sink);
  checkRegisterBudgets(k, sink);
  checkClusters(k, sink);
  checkClusterLevel(k, sink);
  checkPersistent(k, sink);
  if (sink.errors == before) checkDistributedRegisters(k, sink);
  return sink.errors == before;
}

}  // namespace exo::checker
