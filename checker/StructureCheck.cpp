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
  if (!p) return "block";
  switch (p->loop) {
    case LoopKind::Warpgroup: return "warpgroup";
    case LoopKind::Warp: return "warp";
    default: return "thread group of the enclosing thread loop";
  }
}

bool checkStructure(Kernel& k, DiagSink& sink) {
  unsigned before = sink.errors;
  checkAssumes(k, sink);
  checkCollectivePlacement(k, sink);
  checkSyncPlacement(k, sink);
  checkArrayMemory(k, sink);
  checkScalarOwnership(k, sink);
  if (sink.errors == before) checkDistributedRegisters(k, sink);
  return sink.errors == before;
}

}  // namespace exo::checker
