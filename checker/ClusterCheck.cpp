// Thread-block clusters (docs/hopper.md, section 8): the cluster-wide ring statements
// (a TMA multicast, an arrival on every block's ring) need a cluster, a multicast box
// splits into whole 8-row groups per block, and every statement of a ring that such a
// statement signals runs alike in every block of the cluster: at the same positions,
// under the same conditions, and a multicast with the same box and tile.
//
// The last rule is what lets the prover reason about one block: the blocks of a
// cluster run the same program, and when no ring statement of a cluster ring depends on
// the block's rank, each block issues, arrives and waits at the same positions. A
// block's multicast into another block's tile then happens exactly where that block's
// own copy would, after the same waits (checker/ProverRaces and ProverRingPins order it
// only by cluster-wide ring edges, which reach every block), and the deadlock argument
// of one block (every wait's position is signalled earlier in the sequential program)
// holds for all of them at once.
#include <set>
#include <string>

#include "checker/Checks.h"
#include "model/ExprPrinter.h"
#include "model/Rings.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

void checkClusters(const Kernel& k, DiagSink& sink) {
  if (!k.blockBody) return;
  std::set<const Var*> clusterRings;
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
    if (s.kind != StmtKind::Instr) return true;
    const AsyncRole& role = s.instr->async;
    if (!role.cluster) return false;
    if (!k.clusterLoop) {
      sink.diag(DiagID::err_cluster_instr, s.range,
                {s.instr->name, "needs a thread-block cluster: call it inside a '[[exo::parallel(block_in_cluster)]]' "
                                "loop, the innermost block loop, whose iterations are the blocks of one cluster"});
      return false;
    }
    if (const Var* ring = ringOf(s)) clusterRings.insert(ring);
    if (role.kind != AsyncRole::Kind::IssueRing) return false;
    for (const Operand& op : s.instr->operands) {
      if (op.kind != Operand::Kind::Shared || op.tileDims.empty()) continue;
      const int64_t rows = op.tileDims[0];
      if (rows % (8 * k.clusterSize) != 0)
        sink.diag(DiagID::err_cluster_instr, s.range,
                  {s.instr->name, "splits its box of " + std::to_string(rows) + " rows among the cluster's " +
                                      std::to_string(k.clusterSize) +
                                      " blocks in whole groups of 8 rows (the swizzle's period); use a box whose rows "
                                      "are a multiple of " + std::to_string(8 * k.clusterSize)});
      break;
    }
    return false;
  });
  if (!k.clusterLoop || clusterRings.empty()) return;
  const std::set<const Var*> rank = varsDependingOn(*k.blockBody, {k.clusterLoop->var});
  const std::string rankName = k.clusterLoop->var->name;
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind != StmtKind::Instr) return true;
    const Var* ring = s.instr->async.ring() ? ringOf(s) : nullptr;
    if (!ring || !clusterRings.count(ring)) return false;
    auto report = [&](const std::string& what, const Var* v) {
      std::string on = v == k.clusterLoop->var ? "'" + rankName + "', the block's rank in the cluster"
                                                : "'" + v->name + "', which depends on '" + rankName +
                                                      "', the block's rank in the cluster";
      sink.diag(DiagID::err_cluster_asymmetric, s.range, {s.instr->name, ring->name, what, on});
    };
    // Where and whether it runs: its ring and position, and for a multicast all of it
    // (the box every block receives). A block's own copy may read its own box.
    const size_t n = s.operands.size();
    for (size_t i = 0; i < n; ++i) {
      if (!s.instr->async.cluster && i + 2 < n) continue;
      if (const Var* v = firstVarIn(s.operands[i], rank))
        return report("its operand '" + printExpr(*s.operands[i]) + "'", v), false;
    }
    for (const Stmt* p : path) {
      if (p->kind == StmtKind::If)
        if (const Var* v = firstVarIn(p->cond, rank)) return report("the condition '" + printExpr(*p->cond) + "' around it", v), false;
      if (p->kind == StmtKind::For && p != k.clusterLoop)
        for (const ExprPtr* b : {&p->lo, &p->hi})
          if (const Var* v = firstVarIn(*b, rank)) return report("the bound '" + printExpr(**b) + "' of a loop around it", v), false;
    }
    return false;
  });
}

}  // namespace exo::checker
