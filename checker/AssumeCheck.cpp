// exo::assume is a launch-time precondition: the host launcher checks it before the
// launch, so it must come first in the kernel and use only scalar parameters.
#include "checker/Checks.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

void checkAssumes(const Kernel& k, DiagSink& sink) {
  bool seenOther = false;
  for (const StmtPtr& s : k.body->body) {
    if (s->kind != StmtKind::Assume) {
      seenOther = true;
      continue;
    }
    if (seenOther) {
      sink.diag(DiagID::err_assume_placement, s->range);
      continue;
    }
    if (!firstNonParameter(s->cond).empty()) sink.diag(DiagID::err_assume_operands, s->cond->range);
  }
  walkStmts(*k.body, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind == StmtKind::Assume && !(path.size() == 1 && path[0] == k.body.get())) {
      sink.diag(DiagID::err_assume_placement, s.range);
      return false;
    }
    return true;
  });
}

}  // namespace exo::checker
