#include "checker/ProverSyncs.h"

namespace exo::checker {

using namespace model;

ScopeSet SyncsInEffect::guaranteed(const Stmt* st) const {
  ScopeSet out;
  if (!st) return out;
  if (st->kind == StmtKind::Sync && !disabled.count(st)) out.add(st->scope);
  if (st->kind == StmtKind::Block) {
    for (const StmtPtr& c : st->body) out.merge(guaranteed(c.get()));
    if (virtualSync.container == st) out.add(virtualSync.scope);
  }
  // A sequential loop that surely runs: its syncs run. Symbolic trips might be zero.
  if (st->kind == StmtKind::For && st->loop == LoopKind::Seq && st->tripCount() >= 1)
    out.merge(guaranteed(st->forBody()));
  return out;
}

ScopeSet SyncsInEffect::syncsIn(const Stmt* blk, int lo2, int hi2) const {
  ScopeSet out;
  if (blk->kind != StmtKind::Block) return out;
  for (size_t j = 0; j < blk->body.size(); ++j)
    if (lo2 < 2 * int(j) && 2 * int(j) < hi2) out.merge(guaranteed(blk->body[j].get()));
  if (virtualSync.container == blk && lo2 < 2 * virtualSync.before - 1 && 2 * virtualSync.before - 1 < hi2)
    out.add(virtualSync.scope);
  return out;
}

ScopeSet SyncsInEffect::syncsAround(const Path& p, size_t from, bool after) const {
  ScopeSet out;
  for (size_t i = from; i < p.size(); ++i) {
    const Stmt* c = p[i].container;
    if (c->kind == StmtKind::For && c->loop != LoopKind::Seq) break;  // another collective
    int me = 2 * p[i].child;
    out.merge(after ? syncsIn(c, me, 1 << 30) : syncsIn(c, -(1 << 30), me));
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
  return kind == o.kind && loop == o.loop && near == o.near && all == o.all;
}

RacePlan planRace(const SyncsInEffect& syncs, const AccessSite& A, const AccessSite& B,
                  const std::vector<const Stmt*>& common, size_t prefix, size_t depth) {
  RacePlan p;
  if (depth < common.size()) {
    const Stmt* l = common[depth];
    p.loop = l;
    if (l->loop != LoopKind::Seq) return p;  // different threads, nothing orders them
    p.kind = RacePlan::Kind::SeqLoop;
    size_t at = 0;
    while (A.path[at].container != l) ++at;
    p.near = syncs.syncsAround(A.path, at + 1, true);
    p.near.merge(syncs.syncsAround(B.path, at + 1, false));
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
    p.near = syncs.syncsIn(A.path[prefix].container, 2 * ia, 2 * ib);
    p.near.merge(syncs.syncsAround(A.path, prefix + 1, true));
    p.near.merge(syncs.syncsAround(B.path, prefix + 1, false));
    p.fixContainer = A.path[prefix].container;
    p.fixBefore = ib;
  }
  return p;
}

std::vector<SyncScope> allowedScopes(const Path& p, size_t upto) {
  LoopKind finest = LoopKind::Block;
  for (size_t i = 0; i < upto && i < p.size(); ++i) {
    const Stmt* c = p[i].container;
    if (c->kind == StmtKind::For && c->loop != LoopKind::Seq) finest = c->loop;
  }
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

}  // namespace

z3::expr covered(Queries& q, const ScopeSet& set, const Side& a, const Side& b, z3::solver& s) {
  if (set.block()) return q.ctx.bool_val(true);
  z3::expr e = q.ctx.bool_val(false);
  for (const Collective& c : collectives())
    if (set.has(c.id) && c.threads > 0) e = e || sameGroup(q, a, b, c.threads, s);
  return e;
}

}  // namespace exo::checker
