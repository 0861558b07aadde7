#include "model/Rings.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "model/Evaluate.h"
#include "model/ExprPrinter.h"
#include "model/ThreadMapping.h"
#include "model/Instruction.h"
#include "model/Roles.h"
#include "model/Walk.h"

namespace exo::model {

const Var* ringOf(const Stmt& call) {
  return call.operands.size() >= 2 ? call.operands[call.operands.size() - 2]->var : nullptr;
}

const Expr& ringPosition(const Stmt& call) { return *call.operands.back(); }

std::vector<std::vector<const Stmt*>> ringCopyGroups(const Kernel& k, const Var& ring) {
  std::vector<std::vector<const Stmt*>> groups;
  // A group: the calls in one block whose positions are the same expression (the same
  // variables: a shadowing local with the same name is another position).
  std::vector<std::pair<const Stmt*, const Expr*>> keys;
  if (!k.blockBody) return groups;
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind != StmtKind::Instr) return true;
    if (s.instr->async.kind == AsyncRole::Kind::IssueRing && ringOf(s) == &ring) {
      std::pair<const Stmt*, const Expr*> key{path.empty() ? nullptr : path.back(), &ringPosition(s)};
      size_t g = 0;
      while (g < keys.size() && !(keys[g].first == key.first && sameExpr(*keys[g].second, *key.second))) ++g;
      if (g == keys.size()) {
        keys.push_back(key);
        groups.emplace_back();
      }
      groups[g].push_back(&s);
    }
    return false;  // an instruction's meaning holds no calls
  });
  return groups;
}

std::vector<const Stmt*> ringArrivals(const Kernel& k, const Var& ring) {
  std::vector<const Stmt*> out;
  if (!k.blockBody) return out;
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
    if (s.kind != StmtKind::Instr) return true;
    if (s.instr->async.kind == AsyncRole::Kind::ArriveRing && ringOf(s) == &ring) out.push_back(&s);
    return false;
  });
  return out;
}

std::optional<RingThreads> ringThreads(const Kernel& k, const Stmt& arrive, std::string& why) {
  RingThreads out;
  std::vector<const Stmt*> path = pathTo(k, arrive);
  std::set<const Var*> threadVars;
  for (const Stmt* s : path)
    if (s->isParallel() && s->loop != LoopKind::Block) {
      if (s->tripCount() < 0 || !constantValue(*s->lo)) {
        why = "a parallel loop around it has bounds that are not constant";
        return std::nullopt;
      }
      out.loops.push_back(s);
      threadVars.insert(s->var);
    }
  out.threadsPerTuple = out.loops.empty() ? k.blockThreads : out.loops.back()->unit;
  if (firstVarIn(arrive.operands.back(), threadVars)) {  // its position
    why = "its position reads a parallel loop variable: every arriving thread must arrive at the same positions";
    return std::nullopt;
  }
  // The role conditions, with the branch the arrival is in.
  std::vector<std::pair<const Expr*, bool>> roles;
  for (size_t i = 0; i < path.size(); ++i) {
    const Stmt* s = path[i];
    if (s->kind != StmtKind::If || !s->cond || !firstVarIn(s->cond, threadVars)) continue;
    // The first other variable the condition reads (in its order, not by address: it
    // names the variable in the message).
    const Var* other = nullptr;
    forEachExpr(s->cond, [&](const Expr& x) {
      if (!other && x.var && !threadVars.count(x.var)) other = x.var;
    });
    if (other) {
      why = "a condition around it reads both a parallel loop variable and '" + other->name +
            "': split it into a role condition (on the parallel loop variables only) and one on the rest";
      return std::nullopt;
    }
    const Stmt* next = i + 1 < path.size() ? path[i + 1] : &arrive;
    roles.push_back({s->cond.get(), !s->body.empty() && s->body[0].get() == next});
  }
  // Every tuple of iterations, outermost loop first.
  int64_t total = 1;
  for (const Stmt* l : out.loops) total *= l->tripCount();
  if (total > 4096) {
    why = "more than 4096 thread groups would have to be told apart";
    return std::nullopt;
  }
  for (int64_t t = 0; t < total; ++t) {
    std::vector<int64_t> tuple(out.loops.size());
    std::map<const Var*, Wide> values;
    int64_t rest = t;
    for (size_t i = out.loops.size(); i-- > 0;) {
      int64_t trip = out.loops[i]->tripCount();
      tuple[i] = rest % trip;
      rest /= trip;
      values[out.loops[i]->var] = *constantValue(*out.loops[i]->lo) + out.loops[i]->step * tuple[i];
    }
    Env env = [&](const Var* v) -> std::optional<Wide> {
      auto it = values.find(v);
      return it == values.end() ? std::nullopt : std::optional<Wide>(it->second);
    };
    bool runs = true;
    for (const auto& [cond, branch] : roles) {
      Evaluation e = evaluate(*cond, env);
      if (!e.value) {
        why = "a role condition around it has no value for some thread (" +
              (e.undefined.empty() ? std::string("it reads something other than constants") : e.undefined) + ")";
        return std::nullopt;
      }
      runs = runs && ((*e.value != 0) == branch);
    }
    if (runs) out.tuples.push_back(tuple);
  }
  return out;
}

bool sameThreadShape(const RingThreads& a, const RingThreads& b) {
  if (a.loops.size() != b.loops.size() || a.threadsPerTuple != b.threadsPerTuple) return false;
  for (size_t i = 0; i < a.loops.size(); ++i)
    if (!sameThreadSplit(*a.loops[i], *b.loops[i])) return false;
  return true;
}

std::optional<RingThreads> ringArrivers(const Kernel& k, const Var& ring) {
  std::optional<RingThreads> all;
  for (const Stmt* a : ringArrivals(k, ring)) {
    std::string why;
    std::optional<RingThreads> t = ringThreads(k, *a, why);
    if (!t || (all && !sameThreadShape(*all, *t))) return std::nullopt;
    if (!all) {
      all = t;
      continue;
    }
    for (const std::vector<int64_t>& tuple : t->tuples)
      if (std::find(all->tuples.begin(), all->tuples.end(), tuple) == all->tuples.end()) all->tuples.push_back(tuple);
  }
  if (all) std::sort(all->tuples.begin(), all->tuples.end());
  return all;
}

int64_t ringArrivalCount(const Kernel& k, const Var& ring) {
  std::vector<std::vector<const Stmt*>> groups = ringCopyGroups(k, ring);
  if (!groups.empty()) return static_cast<int64_t>(groups.front().size());
  std::vector<const Stmt*> arrivals = ringArrivals(k, ring);
  if (arrivals.empty()) return 1;
  // Every arriving thread once per position, through one of the statements
  // (checker/ProverRings proves it).
  std::optional<RingThreads> t = ringArrivers(k, ring);
  const int64_t per = collective(arrivals.front()->instr->collective).threads;  // one arrival per copy
  // A cluster-wide arrival reaches the slot of every block of the cluster: each slot
  // counts the arrivals of all of them (checker/ClusterCheck proves every block runs it
  // at the same positions).
  const int64_t blocks = arrivals.front()->instr->async.cluster ? k.clusterSize : 1;
  return t && t->count() > 0 && per > 0 && t->count() % per == 0 ? t->count() / per * blocks : 1;
}

}  // namespace exo::model
