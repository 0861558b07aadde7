#include "model/ThreadMapping.h"

#include "model/Evaluate.h"

#include <algorithm>
#include <string>

#include "model/Walk.h"

namespace exo::model {
namespace {

/// Coarse-to-fine order of parallel levels (the collectives table's rank): a loop may
/// only nest strictly finer levels, or its own level where the table says it nests
/// itself (nested thread loops multiply).
int levelRank(LoopKind k) { return k == LoopKind::Seq ? -1 : levelOf(k)->rank; }

class Mapper {
public:
  Mapper(Kernel& k, DiagSink& sink) : k_(k), sink_(sink) {}

  bool run() {
    unsigned before = sink_.errors;
    findGrid();
    if (sink_.errors != before) return false;
    int64_t need = threadsNeeded(*k_.blockBody, nullptr);
    if (sink_.errors != before) return false;
    // Whole copies of every collective whose barrier may run at block level (warps).
    int64_t granule = ctaGranule();
    k_.blockThreads = std::max<int64_t>(granule, (need + granule - 1) / granule * granule);
    if (k_.blockThreads > kMaxThreads) {
      sink_.diag(DiagID::err_block_too_many_threads, k_.blockBody->range,
                 {need >= kSaturated ? "over a million" : std::to_string(need)});
      return false;
    }
    assignCollectives(*k_.blockBody, k_.blockThreads);
    registerLayouts();
    fragmentLayouts();
    return sharedMemory() && sink_.errors == before;
  }

private:
  /// The perfect nest of block loops at the top of the body (after the assumes).
  void findGrid() {
    Stmt* cur = k_.body.get();
    for (;;) {
      Stmt* only = nullptr;
      bool hasBlockLoop = false, hasOther = false;
      for (StmtPtr& s : cur->body) {
        if (s->kind == StmtKind::Assume && cur == k_.body.get()) continue;
        if (s->kind == StmtKind::For && s->loop == LoopKind::Block) hasBlockLoop = true;
        if (only) hasOther = true;
        only = s.get();
      }
      if (!hasBlockLoop) break;
      if (hasOther && onlyClusterLoops(*cur)) break;  // a cluster body (findRankLoops)
      if (hasOther) {
        Stmt* loop = nullptr;
        for (StmtPtr& s : cur->body)
          if (s->kind == StmtKind::For && s->loop == LoopKind::Block) loop = s.get();
        sink_.diag(DiagID::err_grid_nest, loop->range,
                   {"this block loop has sibling statements; move them inside the innermost block loop"});
        return;
      }
      for (const ExprPtr& b : {only->lo, only->hi}) {
        std::string offender = firstNonParameter(b);
        if (!offender.empty()) {
          sink_.diag(DiagID::err_grid_bounds, b->range, {offender});
          return;
        }
      }
      // The launcher counts blocks as (hi - lo) / step; that is C++'s trip count only
      // when converting the variable to the comparison type keeps its values.
      if (only->compareAs && !conversionKeepsValue(only->var->type.scalar, *only->compareAs)) {
        std::optional<int64_t> lo = constantValue(*only->lo);
        if (!lo || *lo < 0) {
          Type cmp;
          cmp.scalar = *only->compareAs;
          sink_.diag(DiagID::err_grid_compare_converts, only->hi->range, {only->var->name, cmp.scalarSpelling()});
          return;
        }
      }
      // The generated kernel declares the grid loops' variables in its outermost scope,
      // beside the parameters (C++ lets the source's loop shadow one; CUDA's scope does not).
      for (const Var* p : k_.params)
        if (p->name == only->var->name) {
          sink_.diag(DiagID::err_grid_var_param, only->range, {only->var->name});
          return;
        }
      k_.gridLoops.push_back(only);
      cur = only->forBody();
    }
    k_.blockBody = cur;
    findCluster();
    findRankLoops();
    findPersistent();
    // No other block loop may appear below the grid.
    walkStmts(*cur, [&](Stmt& s, const std::vector<Stmt*>&) {
      if (s.rankLoop) return true;
      if (s.kind == StmtKind::For && s.loop == LoopKind::Block) {
        sink_.diag(DiagID::err_grid_nest, s.range,
                   {"this block loop is nested inside other statements; block loops must enclose everything else"});
        return false;
      }
      return true;
    });
  }

  /// The `block_in_cluster` grid loops: the innermost block loops (one: a 1-D cluster,
  /// more: the cluster's dimensions), each counting from 0 by 1 at least twice, 2 to 8
  /// blocks in all. Their linearized iteration (innermost fastest) is the block's rank in
  /// the cluster, blockIdx.x % size.
  void findCluster() {
    const size_t n = k_.gridLoops.size();
    size_t first = n;  // the cluster loops are gridLoops[first .. n)
    while (first > 0 && k_.gridLoops[first - 1]->clusterBlocks) --first;
    for (size_t i = 0; i < first; ++i)
      if (k_.gridLoops[i]->clusterBlocks)
        return (void)sink_.diag(DiagID::err_cluster_loop, k_.gridLoops[i]->range,
                                {"must be one of the innermost block loops (their iterations are one cluster's blocks)"});
    int64_t size = 1;
    for (size_t i = first; i < n; ++i) {
      Stmt* l = k_.gridLoops[i];
      auto bad = [&](const std::string& why) { sink_.diag(DiagID::err_cluster_loop, l->range, {why}); };
      std::optional<int64_t> lo = constantValue(*l->lo);
      int64_t trip = l->tripCount();
      if (!lo || *lo != 0 || l->step != 1)
        return bad("must count from 0 by 1: its iteration is the block's rank in the cluster");
      if (trip < 2 || trip > 8)
        return bad("must have a constant trip count of 2 to 8 (the blocks of one cluster; 8 is the portable limit)");
      size *= trip;
      if (size > 8)
        return bad("makes clusters of " + std::to_string(size) +
                   " blocks: the block_in_cluster loops' trip counts multiply to at most 8 (the portable limit)");
    }
    if (first == n) return;
    k_.clusterLoops.assign(k_.gridLoops.begin() + static_cast<std::ptrdiff_t>(first), k_.gridLoops.end());
    k_.clusterSize = size;
  }

  static bool onlyClusterLoops(const Stmt& body) {
    for (const StmtPtr& s : body.body)
      if (s->kind == StmtKind::For && s->loop == LoopKind::Block && !s->clusterBlocks) return false;
    return true;
  }

  /// A cluster body: `block_in_cluster` loops below the grid, under nothing but
  /// sequential loops and statement lists (checker/ClusterLevelCheck says what else may
  /// stand at cluster level). Each counts from 0 by 1, 2 to 8 times, all alike.
  void findRankLoops() {
    if (!k_.clusterLoops.empty()) return;
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
      if (s.kind != StmtKind::For || s.loop != LoopKind::Block || !s.clusterBlocks) return true;
      for (const Stmt* p : path)
        if (p->kind == StmtKind::If || (p->kind == StmtKind::For && p->loop != LoopKind::Seq)) return false;  // err_grid_nest
      auto bad = [&](const std::string& why) { sink_.diag(DiagID::err_cluster_loop, s.range, {why}); };
      s.rankLoop = true;  // reported here if wrong, not again as a misplaced block loop
      std::optional<int64_t> lo = constantValue(*s.lo);
      const int64_t trip = s.tripCount();
      if (!lo || *lo != 0 || s.step != 1) {
        bad("must count from 0 by 1: its iteration is the block's rank in the cluster");
      } else if (trip < 2 || trip > 8) {
        bad("must have a constant trip count of 2 to 8 (the blocks of one cluster; 8 is the portable limit)");
      } else if (!k_.rankLoops.empty() && trip != k_.clusterSize) {
        bad("must have the trip count of the kernel's first 'block_in_cluster' loop (" + std::to_string(k_.clusterSize) +
            "): every one runs on the same cluster");
      } else {
        s.var->blockRank = true;
        k_.rankLoops.push_back(&s);
        k_.clusterSize = trip;
      }
      return false;
    });
    if (k_.rankLoops.empty()) return;
    // Shared arrays at cluster level are distributed over the cluster's blocks.
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
      if (s.rankLoop) return false;
      if (s.kind == StmtKind::Decl && s.var->memory == Memory::Shared) s.var->clusterShared = true;
      return true;
    });
  }

  /// `persistent` block loops: all of the grid's or none (a `block_in_cluster` loop
  /// aside: the tiles are then the clusters'), and no cluster body (yet).
  void findPersistent() {
    size_t persistent = 0;
    for (const Stmt* l : k_.gridLoops) persistent += l->persistent;
    if (persistent == 0) return;
    for (const Stmt* l : k_.gridLoops) {
      if (!l->persistent && !k_.isClusterLoop(l)) {
        sink_.diag(DiagID::err_persistent_loop, l->range,
                   {"needs every block loop of the grid to be one: mark this loop '[[exo::parallel(persistent)]]' too "
                    "(the tiles are the iterations of the whole nest)"});
        return;
      }
    }
    if (!k_.rankLoops.empty()) {
      sink_.diag(DiagID::err_persistent_loop, k_.gridLoops.front()->range,
                 {"cannot walk the clusters of a cluster body yet (block_in_cluster loops among other statements); "
                  "use 'block' loops, or a single 'block_in_cluster' loop as the innermost block loop"});
      return;
    }
    k_.persistent = true;
  }

  /// Threads the statement needs; sets `unit` on parallel loops. `parent` is the
  /// innermost enclosing parallel loop below the grid (null at block scope).
  int64_t threadsNeeded(Stmt& s, Stmt* parent) {
    if (s.rankLoop) return threadsNeeded(*s.forBody(), nullptr);  // each block runs one iteration
    if (!s.isParallel()) {
      int64_t need = 1;
      for (StmtPtr& c : s.body) need = std::max(need, threadsNeeded(*c, parent));
      return need;
    }
    if (parent && (levelRank(s.loop) < levelRank(parent->loop) ||
                   (levelRank(s.loop) == levelRank(parent->loop) && !levelOf(s.loop)->nestsItself))) {
      sink_.diag(DiagID::err_level_order, s.range, {loopKindName(s.loop), loopKindName(parent->loop)})
          .diag(DiagID::note_loop_here, parent->range, {loopKindName(parent->loop)});
      return 1;
    }
    int64_t trip = s.tripCount();
    if (trip > kSaturated) trip = kSaturated;  // too many threads whatever its body; no overflow
    if (trip < 0) {
      const ExprPtr& bound = s.hi->kind != ExprKind::IntLit ? s.hi : s.lo;
      sink_.diag(DiagID::err_trip_not_constant, bound->range, {loopKindName(s.loop)});
      return 1;
    }
    int64_t body = threadsNeeded(*s.forBody(), &s);
    if (levelOf(s.loop)->nestsItself) {
      s.unit = std::max(body, loopUnitThreads(s.loop));
    } else {
      s.unit = loopUnitThreads(s.loop);
      if (body > s.unit) {
        const Stmt* culprit = widestParallelLoop(*s.forBody());
        sink_.diag(DiagID::err_collective_too_small, culprit->range,
                   {loopKindName(culprit->loop), std::to_string(body), loopKindName(s.loop), std::to_string(s.unit)});
        return 1;
      }
    }
    // Saturate: a need above the limit is reported once, by run(); nested loops must not
    // multiply it into an overflow (trip and unit are at most 2^20 here).
    return std::min<int64_t>(std::max<int64_t>(1, trip * s.unit), kSaturated);
  }

  static constexpr int64_t kMaxThreads = 1024;
  static constexpr int64_t kSaturated = int64_t(1) << 20;

  /// The parallel loop in `s` (not below another one) that needs the most threads.
  static const Stmt* widestParallelLoop(const Stmt& s) {
    if (s.isParallel()) return &s;
    const Stmt* best = nullptr;
    for (const StmtPtr& c : s.body) {
      const Stmt* w = widestParallelLoop(*c);
      if (w && (!best || w->tripCount() * w->unit > best->tripCount() * best->unit)) best = w;
    }
    return best ? best : &s;
  }

  // threadsNeeded made every collective large enough for what it contains.
  void assignCollectives(Stmt& s, int64_t collective) {
    if (s.isParallel() && !s.rankLoop) {
      s.collective = collective;
      assignCollectives(*s.forBody(), s.unit);
      return;
    }
    for (StmtPtr& c : s.body) assignCollectives(*c, collective);
  }

  /// Ownership of distributed register arrays (model/Layout.h), from the first use
  /// whose leading indices are exactly the enclosing parallel loops' variables;
  /// checker/DistributedRegistersCheck reports the uses that do not conform.
  void registerLayouts() {
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
      std::vector<const Stmt*> loops;
      for (const Stmt* p : path)
        if (p->isParallel() && p->loop != LoopKind::Block) loops.push_back(p);
      forEachOwnExpr(s, [&](const ExprPtr& root) {
        forEachExpr(root, [&](const Expr& e) {
          if ((e.kind != ExprKind::Index && e.kind != ExprKind::Window) || e.var->memory != Memory::Registers ||
              e.var->layout.distributed())
            return;
          if (loops.empty() || e.args.size() < loops.size()) return;
          for (size_t i = 0; i < loops.size(); ++i)
            if (e.args[i]->kind != ExprKind::VarRef || e.args[i]->var != loops[i]->var) return;
          RegisterLayout& l = e.var->layout;
          l.kind = RegisterLayout::Kind::LoopIndexed;
          l.loops = loops;
          l.ownedDims = loops.size();
          l.definedBy = &e;
        });
      });
      return true;
    });
  }

  /// Fragment arrays (model/Layout.h): the layout of the first instruction operand that
  /// names one; checker/InstructionCheck reports operands that disagree.
  void fragmentLayouts() {
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
      if (s.kind != StmtKind::Instr) return true;
      for (size_t i = 0; i < s.operands.size() && i < s.instr->operands.size(); ++i) {
        const Operand& op = s.instr->operands[i];
        Var* v = s.operands[i]->var;
        if (op.kind != Operand::Kind::Fragment || !v || v->layout.fragment) continue;
        v->layout.fragment = op.layout;
        v->layout.fragmentBy = s.operands[i].get();
      }
      return false;
    });
  }

  bool sharedMemory() {
    int64_t bytes = 0;
    const Stmt* crossing = nullptr;  // the declaration that goes over the limit
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
      if (s.kind == StmtKind::Decl && s.var->memory == Memory::Shared) {
        // In declaration order, 16-byte aligned; swizzled arrays 1024-byte aligned (the
        // swizzle pattern repeats every 8 rows of 128 bytes, from an aligned address),
        // arrays of 128 bytes or more 128-byte aligned (a TMA store reads its tile from
        // a 128-byte aligned address: exo::sm90::tma_store).
        // A distributed array takes its block's part, one row of its first dimension
        // (checker/ClusterLevelCheck: that dimension is the cluster's size).
        const int64_t parts = s.var->clusterShared && !s.var->dims.empty() ? s.var->dims.front() : 1;
        const int64_t bytesOf = s.var->elementCount() / parts * s.var->type.scalarBytes();
        const int64_t align = s.var->swizzle ? 1024 : bytesOf >= 128 ? 128 : 16;
        s.var->sharedOffset = (bytes + align - 1) / align * align;
        bytes = s.var->sharedOffset + bytesOf;
        if (bytes > kMaxSharedBytes && !crossing) crossing = &s;
      }
      return true;
    });
    k_.sharedBytes = bytes;
    if (crossing) {
      sink_.diag(DiagID::err_shared_too_large, crossing->range, {std::to_string(bytes)});
      return false;
    }
    return true;
  }

  static constexpr int64_t kMaxSharedBytes = 232448;  // 227 KiB per block on sm_90

  Kernel& k_;
  DiagSink& sink_;
};

}  // namespace

bool mapThreads(Kernel& k, DiagSink& sink) { return Mapper(k, sink).run(); }

bool sameThreadSplit(const Stmt& a, const Stmt& b) {
  if (!a.isParallel() || !b.isParallel() || !a.lo || !b.lo) return false;
  const std::optional<int64_t> la = constantValue(*a.lo), lb = constantValue(*b.lo);
  return a.loop == b.loop && la && la == lb && a.step == b.step && a.tripCount() == b.tripCount() &&
         a.unit == b.unit && a.collective == b.collective;
}

}  // namespace exo::model
