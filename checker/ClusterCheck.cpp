// Thread-block clusters (docs/hopper.md, section 7): the cluster-wide ring statements
// (a TMA multicast, an arrival on every block's ring) need a cluster grid, a multicast
// reaches at least one other block (model/Multicast: the blocks that ask for the same
// box; in a 1-D cluster all of them) and its box splits into whole 8-row groups per
// block it reaches, and every statement of a ring that such a statement signals runs
// alike in every block of the cluster: at the same positions, under the same
// conditions.
//
// The last rule is what lets the prover reason about one block: the blocks of a
// cluster run the same program, and when no ring statement of a cluster ring depends on
// the block's rank, each block issues, arrives and waits at the same positions. A
// block's multicast into another block's tile then happens exactly where that block's
// own copy would, after the same waits (checker/ProverRaces and ProverRingPins order it
// only by cluster-wide ring edges, which reach every block), and the deadlock argument
// of one block (every wait's position is signalled earlier in the sequential program)
// holds for all of them at once.
#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "checker/Checks.h"
#include "model/ExprPrinter.h"
#include "model/Multicast.h"
#include "model/Rings.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

std::string quotedNames(const std::vector<Stmt*>& loops) {
  std::string out;
  for (const Stmt* l : loops) out += (out.empty() ? "'" : ", '") + l->var->name + "'";
  return out;
}

}  // namespace

void checkClusters(const Kernel& k, DiagSink& sink) {
  if (!k.blockBody) return;
  const bool grid = !k.clusterLoops.empty();
  std::set<const Var*> clusterRings;
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
    if (s.kind != StmtKind::Instr) return true;
    const AsyncRole& role = s.instr->async;
    if (!role.cluster) return false;
    if (!grid) {
      sink.diag(DiagID::err_cluster_instr, s.range,
                {s.instr->name, "needs a thread-block cluster: call it inside a '[[exo::parallel(block_in_cluster)]]' "
                                "loop, the innermost block loop, whose iterations are the blocks of one cluster"});
      return false;
    }
    if (const Var* ring = ringOf(s)) clusterRings.insert(ring);
    if (role.kind != AsyncRole::Kind::IssueRing) return false;
    const MulticastGroup group = multicastGroup(k, s);
    // One cluster loop: a box that depends on it is err_cluster_asymmetric (below).
    if (group.axes.empty()) {
      if (k.clusterLoops.size() > 1) {
        // Each operand with the loops it depends on: "its operand 'e' on 'y' and 'x'".
        std::vector<std::pair<size_t, std::string>> byOperand;
        for (const auto& [loop, i] : group.excluded) {
          const std::string name = "'" + loop->var->name + "'";
          auto same = std::find_if(byOperand.begin(), byOperand.end(), [i = i](const auto& o) { return o.first == i; });
          if (same == byOperand.end()) byOperand.emplace_back(i, name);
          else same->second += " and " + name;
        }
        std::string why;
        for (const auto& [i, loops] : byOperand)
          why += (why.empty() ? "its operand '" : ", '") + printExpr(*s.operands[i]) + "' on " + loops;
        sink.diag(DiagID::err_cluster_instr, s.range,
                  {s.instr->name, "copies a box that depends on every 'block_in_cluster' loop (" + why +
                                      "), so no other block of the cluster receives the same box: use the copy without "
                                      "multicast, or a box, tile and source that one of these loops does not change"});
      }
      return false;
    }
    for (const Operand& op : s.instr->operands) {
      if (op.kind != Operand::Kind::Shared || op.tileDims.empty()) continue;
      const int64_t rows = op.tileDims[0];
      if (rows % (8 * group.blocks) != 0)
        sink.diag(DiagID::err_cluster_instr, s.range,
                  {s.instr->name, "splits its box of " + std::to_string(rows) + " rows among the " +
                                      std::to_string(group.blocks) +
                                      " blocks of the cluster that receive it, in whole groups of 8 rows (the swizzle's "
                                      "period); use a box whose rows are a multiple of " +
                                      std::to_string(8 * group.blocks)});
      break;
    }
    return false;
  });
  if (!grid || clusterRings.empty()) return;
  std::set<const Var*> seeds;
  for (const Stmt* l : k.clusterLoops) seeds.insert(l->var);
  const std::set<const Var*> rank = varsDependingOn(*k.blockBody, seeds);
  const std::string rankNames = quotedNames(k.clusterLoops);
  const std::string rankIs =
      k.clusterLoops.size() == 1 ? "the block's rank in the cluster" : "the block's coordinates in the cluster";
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind != StmtKind::Instr) return true;
    const Var* ring = s.instr->async.ring() ? ringOf(s) : nullptr;
    if (!ring || !clusterRings.count(ring)) return false;
    auto report = [&](const std::string& what, const Var* v) {
      std::string on = seeds.count(v) ? "'" + v->name + "', " + (k.clusterLoops.size() == 1 ? rankIs : "one of " + rankIs)
                                      : "'" + v->name + "', which depends on " + rankNames + ", " + rankIs;
      sink.diag(DiagID::err_cluster_asymmetric, s.range, {s.instr->name, ring->name, what, on});
    };
    // Where and whether it runs: its ring and position. A block's own copy may read its
    // own box; a multicast's box is the same in the blocks it reaches (multicastGroup),
    // and with one cluster loop that is every block.
    const size_t n = s.operands.size();
    const bool multicast = s.instr->async.cluster && s.instr->async.kind == AsyncRole::Kind::IssueRing;
    const bool wholeBox = multicast && k.clusterLoops.size() == 1;
    for (size_t i = 0; i < n; ++i) {
      if (!wholeBox && i + 2 < n) continue;
      if (const Var* v = firstVarInOperand(s, i, rank))
        return report("its operand '" + printExpr(*s.operands[i]) + "'", v), false;
    }
    for (const Stmt* p : path) {
      if (p->kind == StmtKind::If)
        if (const Var* v = firstVarIn(p->cond, rank)) return report("the condition '" + printExpr(*p->cond) + "' around it", v), false;
      if (p->kind == StmtKind::For && !k.isClusterLoop(p))
        for (const ExprPtr* b : {&p->lo, &p->hi})
          if (const Var* v = firstVarIn(*b, rank)) return report("the bound '" + printExpr(**b) + "' of a loop around it", v), false;
    }
    return false;
  });
}

}  // namespace exo::checker
