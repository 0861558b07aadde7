// Cluster bodies (Kernel::rankLoops): what may stand at cluster level, between the
// `block_in_cluster` loops, so that one block's run of the cluster body is the
// sequential program's run of it restricted to its own iterations.
//
// Every block of the cluster runs the cluster-level statements itself, on its own copy
// of each scalar: so they may only compute values that are the same in every block
// (nothing there reads memory, and a scalar declared there is never assigned again), and
// a `[[exo::sync(cluster)]]` there is reached by every thread of the cluster (no
// condition and no parallel loop around it; sequential loops with uniform bounds). The
// shared arrays declared there are distributed: `a[r]` lives in block r's shared memory,
// so the first dimension is the cluster's size. Asynchronous instructions (rings,
// multicast) keep the cluster form of a single `block_in_cluster` loop (ClusterCheck).
#include "checker/Checks.h"

#include <set>

#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

bool readsMemory(const Stmt& s) {
  bool reads = false;
  forEachOwnExpr(s, [&](const ExprPtr& root) {
    forEachExpr(root, [&](const Expr& e) { reads |= e.kind == ExprKind::Index || e.kind == ExprKind::Window; });
  });
  return reads;
}

bool isClusterSync(const Stmt& s) { return s.isBarrier() && s.barrierScope() == CollectiveId::Cluster; }

class ClusterLevel {
public:
  ClusterLevel(const Kernel& k, DiagSink& sink) : k_(k), sink_(sink) {}

  void run() {
    checkSyncPlacement();
    if (k_.rankLoops.empty()) return;
    for (const StmtPtr& s : k_.blockBody->body) atClusterLevel(*s);
    for (const Stmt* l : k_.rankLoops) insideRankLoop(*l);
    neverAssigned();
  }

private:
  /// `[[exo::sync(cluster)]]`: at cluster level of a cluster body only.
  void checkSyncPlacement() {
    walkStmts(*k_.body, [&](Stmt& s, const std::vector<Stmt*>& path) {
      if (!isClusterSync(s)) return true;
      bool inBody = false, clusterLevel = !k_.rankLoops.empty();
      for (const Stmt* p : path) {
        if (p == k_.blockBody) inBody = true;
        else if (inBody && (p->kind == StmtKind::If || (p->kind == StmtKind::For && p->loop != LoopKind::Seq))) clusterLevel = false;
      }
      if (k_.rankLoops.empty())
        sink_.diag(DiagID::err_cluster_sync, s.range,
                   {"needs a cluster body: put it between two '[[exo::parallel(block_in_cluster)]]' loops inside the "
                    "innermost block loop (a cluster barrier orders what every block did before it with what any "
                    "block does after it)"});
      else if (!inBody || !clusterLevel)
        sink_.diag(DiagID::err_cluster_sync, s.range,
                   {"must stand at cluster level, outside the 'block_in_cluster' loops, every parallel loop and every "
                    "'if', where every thread of the cluster reaches it; end the 'block_in_cluster' loop before it"});
      return true;
    });
  }

  void atClusterLevel(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::Block:
        for (const StmtPtr& c : s.body) atClusterLevel(*c);
        return;
      case StmtKind::For:
        if (s.rankLoop) return;
        if (s.loop != LoopKind::Seq) break;
        if (readsMemory(s)) return bad(s, "the bounds of a sequential loop at cluster level read memory; every block "
                                          "runs this loop, so its bounds may read only parameters and cluster-level "
                                          "scalars");
        scalars_.insert(s.var);
        for (const StmtPtr& c : s.body) atClusterLevel(*c);
        return;
      case StmtKind::Decl:
        if (s.var->isArray()) return clusterArray(s);
        if (s.var->type.scalar == ScalarKind::MBarrier)
          return bad(s, "an mbarrier ring cannot be declared at cluster level; rings of a cluster body are not "
                        "supported yet (use a single 'block_in_cluster' loop as the innermost block loop)");
        if (readsMemory(s))
          return bad(s, "'" + s.var->name + "' is declared at cluster level, where every block computes its own "
                        "copy, so its initializer may read only parameters and cluster-level scalars, not memory");
        scalars_.insert(s.var);
        return;
      case StmtKind::Instr:
        if (s.isBarrier()) return;
        break;
      default:
        break;
    }
    bad(s, "only declarations, sequential loops, 'block_in_cluster' loops and barriers may stand at cluster level; "
           "move this statement into a '[[exo::parallel(block_in_cluster)]]' loop");
  }

  void clusterArray(const Stmt& s) {
    const Var& v = *s.var;
    if (v.memory != Memory::Shared)
      return bad(s, "the array '" + v.name + "' is declared at cluster level: only '[[exo::shared]]' arrays may be, "
                    "distributed over the cluster's blocks; declare a block's own arrays inside the "
                    "'block_in_cluster' loop");
    if (v.type.scalar == ScalarKind::MBarrier)
      return bad(s, "an mbarrier ring cannot be declared at cluster level; rings of a cluster body are not supported "
                    "yet (use a single 'block_in_cluster' loop as the innermost block loop)");
    if (v.dims.size() < 2 || v.dims.front() != k_.clusterSize)
      sink_.diag(DiagID::err_cluster_shared, s.range, {v.name, std::to_string(k_.clusterSize)});
  }

  /// Inside a block's iteration: the synchronous statements (instructions of a ring or
  /// a queue keep the single-loop cluster form).
  void insideRankLoop(const Stmt& loop) {
    const bool inSeqLoop = insideSequentialLoop(loop);
    walkStmts(*loop.forBody(), [&](Stmt& s, const std::vector<Stmt*>&) {
      if (s.kind == StmtKind::Decl && s.var->type.scalar == ScalarKind::MBarrier) {
        bad(s, "an mbarrier ring in a cluster body is not supported yet (use a single 'block_in_cluster' loop as the "
               "innermost block loop)");
        return false;
      }
      // A block's own array declared in an iteration of a cluster-level sequential loop
      // is a new object every iteration in C++ but one buffer on the GPU.
      if (s.kind == StmtKind::Decl && s.var->isArray() && inSeqLoop &&
          (s.var->memory == Memory::Shared || s.var->memory == Memory::Registers)) {
        bad(s, "the array '" + s.var->name + "' is declared inside a 'block_in_cluster' loop that a sequential loop "
               "repeats: a new array every iteration in C++, one buffer on the GPU; declare an '[[exo::shared]]' array "
               "at cluster level instead, outside the sequential loop, and index it with the block's rank");
        return false;
      }
      if (s.kind != StmtKind::Instr || !s.instr || s.isBarrier()) return true;
      const AsyncRole& a = s.instr->async;
      if (a.kind != AsyncRole::Kind::None || a.cluster || a.tensorMapStore || a.fencesProxy) {
        bad(s, "'" + s.instr->name + "' is asynchronous or goes through TMA, which a cluster body does not support "
               "yet; use a single 'block_in_cluster' loop as the innermost block loop");
        return false;
      }
      distributedOperands(s);
      return true;
    });
  }

  bool insideSequentialLoop(const Stmt& rankLoop) const {
    bool inside = false;
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
      if (&s != &rankLoop) return true;
      for (const Stmt* p : path) inside |= p->kind == StmtKind::For && p->loop == LoopKind::Seq;
      return false;
    });
    return inside;
  }

  /// An instruction's CUDA form may address shared memory as the block's own
  /// (`ldmatrix`, a wgmma descriptor: __cvta_generic_to_shared), which another block's
  /// part is not: a distributed array is an operand only as the block's own part,
  /// indexed by the rank variable itself.
  void distributedOperands(const Stmt& s) {
    for (const ExprPtr& o : s.operands) {
      if (!o || !o->var || !o->var->clusterShared) continue;
      const bool own = (o->kind == ExprKind::Index || o->kind == ExprKind::Window) && !o->args.empty() &&
                       o->args[0]->kind == ExprKind::VarRef && o->args[0]->var->blockRank;
      if (own) continue;
      bad(s, "'" + s.instr->name + "' takes the distributed array '" + o->var->name + "' other than as this block's "
             "own part; an instruction reaches only its block's shared memory: pass '" + o->var->name +
             "[r]' with r the 'block_in_cluster' loop's variable, or copy the other block's part with plain statements");
    }
  }

  /// Cluster-level scalars keep their value: each block has its own copy, and a value
  /// one block's iteration gave it would not be the one the sequential program reads.
  void neverAssigned() {
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
      if (s.kind != StmtKind::Assign || !s.lhs || s.lhs->kind != ExprKind::VarRef || !scalars_.count(s.lhs->var))
        return true;
      bad(s, "'" + s.lhs->var->name + "' is declared at cluster level, where every block keeps its own copy, so it "
             "cannot be assigned after its declaration; declare it inside the 'block_in_cluster' loop");
      return true;
    });
  }

  void bad(const Stmt& s, const std::string& why) { sink_.diag(DiagID::err_cluster_level, s.range, {why}); }

  const Kernel& k_;
  DiagSink& sink_;
  std::set<const Var*> scalars_;
};

}  // namespace

void checkClusterLevel(const Kernel& k, DiagSink& sink) { ClusterLevel(k, sink).run(); }

}  // namespace exo::checker
