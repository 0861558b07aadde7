#include "model/Roles.h"

#include <map>
#include <set>

#include "model/Evaluate.h"
#include "model/ThreadMapping.h"
#include "model/Walk.h"

namespace exo::model {

bool isRoleCondition(const Expr& cond, const std::vector<const Stmt*>& path) {
  std::set<const Var*> parallel;
  for (const Stmt* s : path)
    if (s->isParallel()) parallel.insert(s->var);
  bool readsParallel = false, readsOther = false;
  std::function<void(const Expr&)> visit = [&](const Expr& x) {
    if (x.var) (parallel.count(x.var) ? readsParallel : readsOther) = true;
    for (const ExprPtr& a : x.args)
      if (a) visit(*a);
  };
  visit(cond);
  return readsParallel && !readsOther;
}

std::vector<const Stmt*> pathTo(const Kernel& k, const Stmt& target) {
  std::vector<const Stmt*> out;
  if (!k.blockBody) return out;
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (&s == &target) out.assign(path.begin(), path.end());
    return out.empty();
  });
  return out;
}

std::optional<std::vector<bool>> threadsRunning(const Kernel& k, const Stmt& target, std::string& why) {
  std::vector<const Stmt*> path = pathTo(k, target);
  std::vector<bool> in(static_cast<size_t>(k.blockThreads > 0 ? k.blockThreads : 1), true);
  for (size_t t = 0; t < in.size(); ++t) {
    // The thread's rank in the current collective, going down the path.
    int64_t r = static_cast<int64_t>(t);
    std::map<const Var*, Wide> values;
    for (size_t i = 0; i < path.size() && in[t]; ++i) {
      const Stmt* s = path[i];
      if (s->isParallel() && s->loop != LoopKind::Block) {
        ThreadSplit split = splitThread(*s, r);
        std::optional<int64_t> lo = constantValue(*s->lo);
        if (r >= threadsUsed(*s) || !lo) {
          in[t] = r < threadsUsed(*s) && lo;
          if (!lo) {
            why = "a parallel loop around it does not start at a constant";
            return std::nullopt;
          }
          continue;
        }
        values[s->var] = *lo + s->step * split.iteration;
        r = split.rank;
      } else if (s->kind == StmtKind::If && s->cond && isRoleCondition(*s->cond, path)) {
        Env env = [&](const Var* v) -> std::optional<Wide> {
          auto it = values.find(v);
          return it == values.end() ? std::nullopt : std::optional<Wide>(it->second);
        };
        Evaluation e = evaluate(*s->cond, env);
        if (!e.value) {
          why = "a role condition around it has no value for thread " + std::to_string(t) +
                (e.undefined.empty() ? std::string() : " (" + e.undefined + ")");
          return std::nullopt;
        }
        const Stmt* next = i + 1 < path.size() ? path[i + 1] : &target;
        bool thenBranch = !s->body.empty() && s->body[0].get() == next;
        in[t] = (*e.value != 0) == thenBranch;
      }
    }
  }
  return in;
}

}  // namespace exo::model
