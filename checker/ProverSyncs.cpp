#include "checker/ProverSyncs.h"

#include "model/Evaluate.h"

namespace exo::checker {

using namespace model;

ScopeSet SyncsInEffect::guaranteed(const Stmt* st) const {
  ScopeSet out;
  if (!st) return out;
  if (st->isBarrier() && !disabled.count(st)) out.add(st->barrierScope());
  if (st->kind == StmtKind::Block) {
    for (const StmtPtr& c : st->body) out.merge(guaranteed(c.get()));
    if (virtualSync.container == st) out.add(virtualSync.scope);
  }
  // A sequential loop that surely runs: its syncs run. Symbolic trips might be zero.
  if (st->kind == StmtKind::For && st->loop == LoopKind::Seq && st->tripCount() >= 1)
    out.merge(guaranteed(st->forBody()));
  // An if with the same barrier in both branches runs it whichever way it goes.
  if (st->kind == StmtKind::If && st->body.size() == 2)
    out.mask |= guaranteed(st->body[0].get()).mask & guaranteed(st->body[1].get()).mask;
  return out;
}

ScopeSet SyncsInEffect::syncsIn(const Stmt* blk, int lo2, int hi2, int side) const {
  ScopeSet out;
  if (blk->kind != StmtKind::Block) return out;
  for (size_t j = 0; j < blk->body.size(); ++j) {
    if (!(lo2 < 2 * int(j) && 2 * int(j) < hi2)) continue;
    const Stmt* c = blk->body[j].get();
    out.merge(guaranteed(c));
    // Barriers under a uniform `if` (convergence is checked elsewhere: the condition
    // reads no thread-varying value) run on the path where it goes their way.
    if (c->kind == StmtKind::If && c->cond)
      for (size_t branch = 0; branch < c->body.size(); ++branch) {
        uint32_t only = guaranteed(c->body[branch].get()).mask & ~out.mask;
        for (const Collective& col : collectives())
          if (only >> static_cast<int>(col.id) & 1) out.conditional.push_back({c, branch == 0, col.id, side});
      }
    // Barriers in the body of a sequential loop whose trip count is symbolic run when its
    // first iteration does (`lo < hi`; a loop compared in another type, or counting
    // down, leaves them uncounted: conservative).
    if (c->kind == StmtKind::For && c->loop == LoopKind::Seq && c->tripCount() < 0 && c->step > 0 && !c->compareAs &&
        c->lo && c->hi) {
      uint32_t only = guaranteed(c->forBody()).mask & ~out.mask;
      for (const Collective& col : collectives())
        if (only >> static_cast<int>(col.id) & 1) out.conditional.push_back({c, true, col.id, side});
    }
  }
  if (virtualSync.container == blk && lo2 < 2 * virtualSync.before - 1 && 2 * virtualSync.before - 1 < hi2)
    out.add(virtualSync.scope);
  return out;
}

ScopeSet SyncsInEffect::syncsAround(const Path& p, size_t from, bool after, int side) const {
  ScopeSet out;
  for (size_t i = from; i < p.size(); ++i) {
    const Stmt* c = p[i].container;
    // Into a parallel loop below the grid too: a barrier there runs, in the iteration of
    // this side's thread, for every thread of its scope's copy (a barrier may stand only
    // where its loops' iterations are whole copies of its scope: barrierAllowedIn), so it
    // orders the two threads when they share that copy, which `covered` asks. (A persistent
    // kernel's two tiles meet that way: the sibling blocks are two tiles, the barrier in
    // a role branch of each.)
    if (c->kind == StmtKind::For && c->loop == LoopKind::Block && !c->rankLoop) break;
    int me = 2 * p[i].child;
    out.merge(after ? syncsIn(c, me, 1 << 30, side) : syncsIn(c, -(1 << 30), me, side));
    // Every other iteration of a sequential loop around the access runs whole between
    // the two accesses on this side of it (the other access is outside this iteration).
    if (c->kind == StmtKind::For && c->loop == LoopKind::Seq) {
      if (uint32_t m = guaranteed(c->forBody()).mask) out.otherIterations.push_back({c, m, side});
      // ... and so do its barriers under a uniform `if`, in the iterations where the
      // condition goes their way.
      ScopeSet body = syncsIn(c->forBody(), -(1 << 30), 1 << 30, side);
      for (const ConditionalSync& cs : body.conditional) out.otherConditional.push_back({c, cs});
    }
  }
  return out;
}

size_t commonPrefix(const AccessSite& A, const AccessSite& B) {
  size_t prefix = 0;
  while (prefix < A.path.size() && prefix < B.path.size() && A.path[prefix] == B.path[prefix]) ++prefix;
  return prefix;
}

std::vector<const Stmt*> commonLoops(const AccessSite& A, const AccessSite& B) {
  return enclosingLoops(Path(A.path.begin(), A.path.begin() + commonPrefix(A, B)));
}

bool RacePlan::sameAs(const RacePlan& o) const {
  return kind == o.kind && loop == o.loop && near == o.near && all == o.all && blocksApart == o.blocksApart;
}

RacePlan planRace(const SyncsInEffect& syncs, const AccessSite& A, const AccessSite& B,
                  const std::vector<const Stmt*>& common, size_t prefix, size_t depth) {
  RacePlan p;
  for (const Path* path : {&A.path, &B.path})
    for (const PathStep& step : *path) p.blocksApart |= step.container->rankLoop;
  if (depth < common.size()) {
    const Stmt* l = common[depth];
    p.loop = l;
    if (l->loop != LoopKind::Seq) return p;  // different threads, nothing orders them
    p.kind = RacePlan::Kind::SeqLoop;
    size_t at = 0;
    while (A.path[at].container != l) ++at;
    p.near = syncs.syncsAround(A.path, at + 1, true, 0);
    p.near.merge(syncs.syncsAround(B.path, at + 1, false, 1));
    p.all = syncs.guaranteed(l->forBody());
    if (syncs.virtualSync.container == l->forBody()) p.all.add(syncs.virtualSync.scope);
    if (at + 1 < B.path.size()) {
      p.fixContainer = B.path[at + 1].container;
      p.fixBefore = B.path[at + 1].child;
    }
  } else if (prefix < A.path.size() && prefix < B.path.size() &&
             A.path[prefix].container->kind == StmtKind::Block) {
    int ia = A.path[prefix].child, ib = B.path[prefix].child;
    if (ia > ib) {
      p.kind = RacePlan::Kind::Reversed;
      return p;
    }
    p.kind = RacePlan::Kind::Straight;
    p.near = syncs.syncsIn(A.path[prefix].container, 2 * ia, 2 * ib, 0);
    p.near.merge(syncs.syncsAround(A.path, prefix + 1, true, 0));
    p.near.merge(syncs.syncsAround(B.path, prefix + 1, false, 1));
    p.fixContainer = A.path[prefix].container;
    p.fixBefore = ib;
  }
  return p;
}

std::vector<SyncScope> allowedScopes(const Path& p, size_t upto) {
  LoopKind finest = LoopKind::Block;
  bool inRankLoop = false, belowRankLoop = false;
  for (size_t i = 0; i < p.size(); ++i) {
    const Stmt* c = p[i].container;
    (i < upto ? inRankLoop : belowRankLoop) |= c->rankLoop;
    if (i < upto && c->kind == StmtKind::For && c->loop != LoopKind::Seq) finest = c->loop;
  }
  // At cluster level of a cluster body (the access is in a `block_in_cluster` loop below):
  // a block barrier, or the cluster's.
  if (belowRankLoop && !inRankLoop) return {SyncScope::Block, SyncScope::Cluster};
  // Finest first (the smallest fix-it).
  std::vector<SyncScope> out;
  for (auto it = collectives().rbegin(); it != collectives().rend(); ++it)
    if (barrierAllowedIn(*levelOf(finest), *it)) out.push_back(it->id);
  return out;
}

bool inCommonLoop(const AccessSite& a, const AccessSite& b, LoopKind level) {
  for (const PathStep& pa : a.path)
    for (const PathStep& pb : b.path)
      if (pa.container == pb.container && pa.container->kind == StmtKind::For && pa.container->loop == level)
        return true;
  return false;
}

namespace {

/// Both flat thread indices fall in the same group of `size` threads.
z3::expr sameGroup(Queries& q, const Side& a, const Side& b, int64_t size, z3::solver& s) {
  int ga = q.enc.newAtom("grp"), gb = q.enc.newAtom("grp");
  z3::expr Ga = q.enc.atomExpr(ga), Gb = q.enc.atomExpr(gb), S = q.ctx.int_val(static_cast<int64_t>(size));
  s.add(S * Ga <= q.flat(a) && q.flat(a) < S * Ga + S);
  s.add(S * Gb <= q.flat(b) && q.flat(b) < S * Gb + S);
  return Ga == Gb;
}

/// Encodes an expression in a side's instance, inside a query: on a copy of the
/// instance (whose own facts the solver already has), adding to `s` only the facts the
/// encoding creates (quotients, wraps). nullopt if it cannot be encoded.
template <class Encode>
auto encodeOnSide(const Side& side, z3::solver& s, Encode&& encode) {
  Instance scratch = side.inst;
  size_t known = scratch.facts.size();
  auto value = encode(scratch);
  if (value)
    for (size_t i = known; i < scratch.facts.size(); ++i) s.add(scratch.facts[i]);
  return value;
}

/// Whether a conditional barrier runs, in `inst` (the iteration it shares with its side):
/// its `if` goes its way, or its loop's first iteration runs. nullopt if the condition
/// cannot be encoded (the barrier then stays uncounted: conservative).
std::optional<z3::expr> barrierRuns(Queries& q, const ConditionalSync& cs, Instance& inst, std::string& why) {
  const Stmt* g = cs.guard;
  if (g->kind == StmtKind::For) {
    std::optional<Poly> lo = q.enc.intExpr(*g->lo, inst, why), hi = q.enc.intExpr(*g->hi, inst, why);
    if (!lo || !hi) return std::nullopt;
    return q.enc.toZ3(*lo) < q.enc.toZ3(*hi);
  }
  std::optional<z3::expr> holds = q.enc.boolExpr(*g->cond, inst, why);
  if (!holds) return std::nullopt;
  return cs.branch ? *holds : !*holds;
}

}  // namespace

z3::expr covered(Queries& q, const ScopeSet& set, const Side& a, const Side& b, z3::solver& s) {
  // A cluster barrier orders every pair of the cluster's threads (the race formula puts
  // both sides in one cluster); any other orders two threads of one block only.
  if (set.has(CollectiveId::Cluster)) return q.ctx.bool_val(true);
  const z3::expr oneBlock = sameBlock(q.enc, a, b);
  // (Outside a cluster body oneBlock is `true`: the formulas stay as they were.)
  auto inOneBlock = [&](const z3::expr& e) { return oneBlock.is_true() ? e : e && oneBlock; };
  if (set.block()) return oneBlock;
  z3::expr e = q.ctx.bool_val(false);
  for (const Collective& c : collectives())
    if (set.has(c.id) && c.threads > 0) e = e || inOneBlock(sameGroup(q, a, b, c.threads, s));
  for (const ConditionalSync& cs : set.conditional) {
    // The condition in the iteration the barrier shares with its side; one that cannot
    // be encoded leaves the barrier uncounted (conservative).
    std::string why;
    std::optional<z3::expr> runs = encodeOnSide(cs.side == 0 ? a : b, s, [&](Instance& inst) {
      return barrierRuns(q, cs, inst, why);
    });
    if (!runs) continue;
    const Collective& col = collective(cs.scope);
    z3::expr group = col.threads > 0 ? sameGroup(q, a, b, col.threads, s) : q.ctx.bool_val(true);
    if (col.id != CollectiveId::Cluster) group = inOneBlock(group);
    e = e || (*runs && group);
  }
  for (const OtherIterationConditional& o : set.otherConditional) {
    // Another iteration k2 of the loop runs between the accesses and takes the barrier's
    // branch. Which one is a choice, and the query negates `covered`: a free k2 would
    // let the solver pick the iteration that does *not* take the branch. So k2 is fixed:
    // the first iteration and the one just before the later access's (side 1), or the
    // one just after the earlier access's (side 0; a loop compared in its own type) --
    // sound, and what guarded pipelines use (`k == 0`, `k + 1 < nk`). Only definitions
    // go into the solver; that k2 runs at all is part of the disjunct.
    const Side& side = o.sync.side == 0 ? a : b;
    const Stmt* l = o.loop;
    auto iter = side.inst.iter.find(l);
    if (iter == side.inst.iter.end() || side.inst.loopVar.find(l->var) == side.inst.loopVar.end()) continue;
    if (o.sync.side == 0 && l->compareAs && !conversionKeepsValue(l->var->type.scalar, *l->compareAs)) continue;
    z3::expr K = q.enc.atomExpr(iter->second);
    std::vector<z3::expr> candidates;
    if (o.sync.side == 1) {
      candidates.push_back(q.ctx.int_val(0));
      candidates.push_back(K - 1);
    } else {
      candidates.push_back(K + 1);
    }
    for (const z3::expr& cand : candidates) {
      std::string why;
      int k2 = q.enc.newAtom("k2"), v2 = q.enc.newAtom("v2");
      z3::expr K2 = q.enc.atomExpr(k2), V2 = q.enc.atomExpr(v2);
      // Encoded on a copy of the side's instance. The facts of the loop's bounds belong to
      // the side's (real) iteration and hold; those the barrier's condition creates in
      // iteration k2 (a quotient's definition, a `?:` arm's division) hold only if k2 is
      // a real iteration, so they are asserted under `runs`: unconditionally, a fact of
      // an iteration past the last (`64 / d` in an arm taken only there) would exclude
      // real executions (d = 0) from the race query -- a false accept (review, twelfth
      // session; lit racy_conditional_sync_phantom_iteration.cpp).
      Instance scratch = side.inst;
      const size_t known = scratch.facts.size();
      std::optional<Poly> lo = q.enc.intExpr(*l->lo, scratch, why);
      std::optional<Poly> hi = q.enc.intExpr(*l->hi, scratch, why);
      if (!lo || !hi) continue;
      scratch.facts.push_back(K2 == cand);  // definitions only
      scratch.facts.push_back(V2 == q.enc.toZ3(*lo) + q.ctx.int_val(static_cast<int64_t>(l->step)) * K2);
      const z3::expr runs = o.sync.side == 1 ? (K2 >= 0 && K2 < K) : V2 < q.enc.toZ3(*hi);
      scratch.loopVar[l->var] = v2;
      scratch.iter[l] = k2;
      const size_t inK2 = scratch.facts.size();
      std::optional<z3::expr> holds = barrierRuns(q, o.sync, scratch, why);
      if (!holds) continue;
      for (size_t i = known; i < scratch.facts.size(); ++i)
        s.add(i < inK2 ? scratch.facts[i] : z3::implies(runs, scratch.facts[i]));
      const Collective& col = collective(o.sync.scope);
      z3::expr group = col.threads > 0 ? sameGroup(q, a, b, col.threads, s) : q.ctx.bool_val(true);
      if (col.id != CollectiveId::Cluster) group = inOneBlock(group);
      e = e || (runs && *holds && group);
    }
  }
  for (const OtherIterationSyncs& o : set.otherIterations) {
    const Side& side = o.side == 0 ? a : b;
    auto iter = side.inst.iter.find(o.loop);
    auto var = side.inst.loopVar.find(o.loop->var);
    if (iter == side.inst.iter.end() || var == side.inst.loopVar.end()) continue;
    std::optional<z3::expr> another;
    if (o.side == 1) {
      another = q.enc.atomExpr(iter->second) >= 1;  // the first iteration ran before this one
    } else if (!(o.loop->compareAs && !conversionKeepsValue(o.loop->var->type.scalar, *o.loop->compareAs))) {
      // The next iteration runs: v + step < hi (a loop compared in its own type).
      std::string why;
      std::optional<Poly> hi = encodeOnSide(side, s, [&](Instance& inst) { return q.enc.intExpr(*o.loop->hi, inst, why); });
      if (hi) another = q.enc.atomExpr(var->second) + q.ctx.int_val(static_cast<int64_t>(o.loop->step)) < q.enc.toZ3(*hi);
    }
    if (!another) continue;
    ScopeSet scopes;
    scopes.mask = o.mask;
    e = e || (*another && covered(q, scopes, a, b, s));
  }
  return e;
}

}  // namespace exo::checker
