// Persistent kernels (docs/prover.md, "Persistent kernels"): one block runs several tiles
// in turn with the same shared memory, rings and barriers. checker/ProverPersistent
// proves two consecutive tiles on one block; that covers every pair of tiles when all
// tiles run the same sequence of shared accesses, ring statements and barriers, so this
// check requires those never to depend on the tile coordinates (the grid loops'
// variables: they may pick global memory only). It also finds each ring's positions per
// tile (Kernel::ringPeriods), which the prover then proves.
#include <map>
#include <set>
#include <string>

#include "checker/Checks.h"
#include "model/Evaluate.h"
#include "model/ExprPrinter.h"
#include "model/Rings.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

/// Whether s touches shared memory in its own expressions.
bool touchesShared(const Stmt& s) {
  bool found = false;
  forEachOwnExpr(s, [&](const ExprPtr& e) {
    forEachExpr(e, [&](const Expr& x) {
      found |= (x.kind == ExprKind::Index || x.kind == ExprKind::Window) && x.var && x.var->memory == Memory::Shared;
    });
  });
  return found;
}

/// The first index of a shared array access in e that reads one of `tile`.
const Expr* tileDependentIndex(const ExprPtr& e, const std::set<const Var*>& tile, const Var*& via) {
  const Expr* found = nullptr;
  forEachExpr(e, [&](const Expr& x) {
    if (found || (x.kind != ExprKind::Index && x.kind != ExprKind::Window) || !x.var || x.var->memory != Memory::Shared) return;
    for (const ExprPtr& a : x.args)
      if (const Var* v = firstVarIn(a, tile)) {
        found = &x;
        via = v;
        return;
      }
  });
  return found;
}

class PersistentCheck {
public:
  PersistentCheck(Kernel& k, DiagSink& sink) : k_(k), sink_(sink) {}

  void run() {
    if (setsRegisterBudgets(k_)) {
      sink_.diag(DiagID::err_persistent_tiles, k_.gridLoops.front()->range,
                 {"register budgets (exo::sm90::setmaxnreg) are not supported in a persistent kernel yet: each role "
                  "would set its budget once per tile; drop them or the 'persistent' loops"});
      return;
    }
    std::set<const Var*> seeds;
    // The block's rank in its cluster is the same in every tile it runs.
    for (const Stmt* l : k_.gridLoops)
      if (!k_.isClusterLoop(l)) seeds.insert(l->var);
    tile_ = varsDependingOn(*k_.blockBody, seeds);
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) { return visit(s, path); });
    if (sink_.errors == before_) findPeriods();
  }

private:
  bool visit(const Stmt& s, const std::vector<Stmt*>& path) {
    const bool ordering = s.isBarrier() || (s.kind == StmtKind::Instr && s.instr->async.kind != AsyncRole::Kind::None);
    const bool shared = touchesShared(s);
    if (!ordering && !shared) return true;
    const Var* via = nullptr;
    if (s.kind == StmtKind::Instr && s.instr->async.ring())
      if ((via = firstVarIn(s.operands.back(), tile_))) return report(s.range, "its ring position '" + printExpr(*s.operands.back()) + "'", via);
    forEachOwnExpr(s, [&](const ExprPtr& e) {
      if (via) return;
      if (const Expr* x = tileDependentIndex(e, tile_, via)) report(x->range, "the shared memory index in '" + printExpr(*x) + "'", via);
    });
    if (via) return false;
    for (const Stmt* p : path) {
      if (p == k_.blockBody) continue;
      if (p->kind == StmtKind::If && (via = firstVarIn(p->cond, tile_)))
        return report(p->cond->range, "the condition '" + printExpr(*p->cond) + "' around a statement that uses shared memory, a ring or a barrier", via);
      if (p->kind == StmtKind::For && p->loop != LoopKind::Block)
        for (const ExprPtr* b : {&p->lo, &p->hi})
          if ((via = firstVarIn(*b, tile_)))
            return report((*b)->range, "the bound '" + printExpr(**b) + "' of a loop around a statement that uses shared memory, a ring or a barrier", via);
    }
    return true;  // an instruction's meaning: its shared accesses too
  }

  bool report(SrcRange at, const std::string& what, const Var* via) {
    bool grid = false;
    for (const Stmt* l : k_.gridLoops) grid |= l->var == via;
    sink_.diag(DiagID::err_persistent_tiles, at,
               {what + " depends on the tile (" +
                (grid ? "'" + via->name + "'" : "'" + via->name + "', which depends on a tile coordinate") +
                "): every tile must use shared memory, rings and barriers alike (the tile coordinates may only "
                "pick global memory)"});
    return false;
  }

  /// Each ring's positions per tile: the trip count `n` of the outermost loop
  /// `for (int k = 0; k < n; ++k)` below the grid around one of its signals (times the
  /// constant trip count of a loop inside it from 0 that the position reads: two levels). Of several
  /// signals', the main loop's: a bound over parameters before a constant one (a
  /// prologue `for (p = 0; p < AHEAD; ++p)` copies only the first positions; a review
  /// of the eighteenth session saw its 3 taken for the tile's count), the larger of two
  /// constants. The prover checks whichever is chosen (every position below it signalled,
  /// none at or beyond it), so the choice can refuse a kernel but not accept a wrong one.
  void findPeriods() {
    std::vector<const Var*> order;  // rings in program order (the diagnostics' order)
    std::map<const Var*, ExprPtr> best;
    std::map<const Var*, const Stmt*> unknown;  // a signal with no such loop
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
      if (s.kind != StmtKind::Instr) return true;
      if (!s.instr->async.signalsRing()) return false;
      const Var* ring = ringOf(s);
      if (!ring) return false;
      if (!best.count(ring) && !unknown.count(ring)) order.push_back(ring);
      auto fromZero = [](const Stmt* p) {
        return p->kind == StmtKind::For && p->loop == LoopKind::Seq && p->step == 1 && p->lo->kind == ExprKind::IntLit &&
               p->lo->ival == 0;
      };
      for (size_t i = 0; i < path.size(); ++i) {
        const Stmt* p = path[i];
        if (!fromZero(p) || !firstNonParameter(p->hi).empty()) continue;
        ExprPtr mine = p->hi;
        // A K loop in two levels, `for (ko < n) for (ki < 4)` at position `ko * 4 + ki`:
        // n * 4 positions (checker/ProverRingPins solves such positions).
        for (size_t j = i + 1; j < path.size(); ++j)
          if (fromZero(path[j]) && constantValue(*path[j]->hi) && firstVarIn(s.operands.back(), {path[j]->var})) {
            mine = Expr::binary("*", p->hi, path[j]->hi, p->hi->type);
            break;
          }
        ExprPtr& b = best[ring];
        std::optional<int64_t> mineValue = constantValue(*mine), theirs = b ? constantValue(*b) : std::nullopt;
        if (!b || (theirs && (!mineValue || *mineValue > *theirs))) b = mine;
        return false;
      }
      unknown.emplace(ring, &s);
      return false;
    });
    for (const Var* ring : order) {
      if (best.count(ring)) {
        k_.ringPeriods.push_back({ring, best[ring]});
        continue;
      }
      sink_.diag(DiagID::err_persistent_tiles, unknown[ring]->range,
                 {"how many positions of ring '" + ring->name +
                  "' one tile completes cannot be told: signal the ring inside a loop 'for (int k = 0; k < n; ++k)' "
                  "over parameters, one position per step"});
    }
  }

  Kernel& k_;
  DiagSink& sink_;
  unsigned before_ = sink_.errors;
  std::set<const Var*> tile_;
};

}  // namespace

void checkPersistent(Kernel& k, DiagSink& sink) {
  if (!k.persistent || !k.blockBody) return;
  PersistentCheck(k, sink).run();
}

}  // namespace exo::checker
