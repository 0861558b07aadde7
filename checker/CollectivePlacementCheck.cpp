// A statement outside every thread loop runs on all threads of its collective: an
// assignment there would be executed (and, for memory, raced) by every one of them.
#include "checker/Checks.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

void checkCollectivePlacement(const Kernel& k, DiagSink& sink) {
  walkStmts(*k.body, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind == StmtKind::Instr) return false;  // issued by the collective: checkInstructions
    if (s.kind != StmtKind::Assign) return true;
    const Stmt* p = innermostParallel(path);
    int64_t threads = collectiveThreads(k, p);
    if (threads > 1) {
      // A scalar local cannot move into a thread loop (every thread would write the one
      // variable): it must be computed from loop variables where it is used.
      const bool scalar = s.lhs && s.lhs->kind == ExprKind::VarRef && s.lhs->var && s.lhs->var->kind == VarKind::Scalar;
      sink.diag(DiagID::err_collective_stmt, s.range,
                {std::to_string(threads), collectiveName(p),
                 scalar ? "declare '" + s.lhs->var->name + "' where it is used, with its value computed from loop "
                          "variables (a ping-pong buffer's index as `const int cur = step % 2;` in the loop "
                          "over steps), instead of updating it between loops"
                        : "put it inside an '[[exo::parallel(thread)]]' loop"});
      if (p) sink.diag(DiagID::note_loop_here, p->range, {loopKindName(p->loop)});
    }
    return true;
  });
}

}  // namespace exo::checker
