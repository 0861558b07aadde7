#include "checker/ProverRingPins.h"

#include <algorithm>
#include <set>
#include <string>

#include "checker/ProverAsyncBase.h"
#include "model/Instruction.h"
#include "model/Rings.h"

namespace exo::checker {

using namespace model;

Poly RingPins::positionIn(const PlacedStmt& st, Instance& inst) {
  std::string why;
  std::optional<Poly> p = enc_.intExpr(ringPosition(*st.stmt), inst, why);
  if (!p) throw Unprovable{st.stmt, "its ring position cannot be modelled (" + why + ")"};
  return *p;
}

RingPins::Solved RingPins::solvedLoops(const PlacedStmt& st, const Poly& pos, const Instance& inst) {
  // The sequential loops whose variable atoms occur in the position, outermost first.
  std::vector<const Stmt*> read;
  for (const Stmt* l : enclosingLoops(st.path)) {
    if (l->loop != LoopKind::Seq) continue;
    auto it = inst.loopVar.find(l->var);
    if (it == inst.loopVar.end()) continue;
    for (const auto& [monomial, coefficient] : pos.terms)
      if (std::find(monomial.begin(), monomial.end(), it->second) != monomial.end()) {
        read.push_back(l);
        break;
      }
  }
  Solved out;
  if (read.empty()) return out;
  const std::string form =
      "its ring position must be the variable of the loop it counts times a positive constant, plus, for a loop "
      "around that one, its variable times a constant that exceeds the inner term's range (`ko * 4 + ki` with ki < "
      "4), plus an affine term in the other loop variables and the parameters (no division, remainder or other "
      "product)";
  if (read.size() > 2) throw Unprovable{st.stmt, form + "; here it reads " + std::to_string(read.size()) + " sequential loops"};
  // A loop's coefficient: its atom alone in one monomial, nowhere else.
  auto scale = [&](const Stmt* l) -> int64_t {
    const int a = inst.loopVar.at(l->var);
    Poly q, r;
    pos.splitBy(a, q, r);
    if (!q.isConst() || q.constValue() <= 0) throw Unprovable{st.stmt, form};
    return q.constValue();
  };
  out.inner = read.back();
  out.innerScale = scale(out.inner);
  out.rest = pos - Poly::atom(inst.loopVar.at(out.inner->var)).scaled(out.innerScale);
  if (read.size() == 2) {
    out.outer = read.front();
    out.outerScale = scale(out.outer);
    out.rest = out.rest - Poly::atom(inst.loopVar.at(out.outer->var)).scaled(out.outerScale);
    // The inner term c_i * (ki - lo) must stay below the outer coefficient, so that a
    // position has one (outer, inner) pair: a constant start and trip count.
    const int64_t trip = out.inner->tripCount();
    if (!constantValue(*out.inner->lo) || trip < 1 || out.outer->step != 1 ||
        out.innerScale * (trip - 1) >= out.outerScale)
      throw Unprovable{st.stmt, form + "; here the inner loop '" + out.inner->var->displayName() + "' does not have a constant "
                                    "start and trip count whose term stays below the coefficient of '" +
                                    out.outer->var->name + "'"};
  }
  if (out.inner->step != 1) throw Unprovable{st.stmt, "the loop its position counts must step by 1"};
  // The rest may read the other loop variables and the parameters: nothing made while
  // encoding the position (a quotient or remainder of a solved variable: `kt + kt % 2`
  // has no kt for odd targets, and an unsatisfiable definition would make every query
  // that holds it vacuous), no other sequential loop's variable (read.size() covers them).
  std::set<int> affine;
  for (const auto& [var, atom] : inst.loopVar)
    if (!(out.inner && atom == inst.loopVar.at(out.inner->var)) && !(out.outer && atom == inst.loopVar.at(out.outer->var)))
      affine.insert(atom);
  for (const auto& [var, atom] : enc_.params()) affine.insert(atom);
  for (int atom : enc_.sharedAtoms()) affine.insert(atom);
  for (const auto& [monomial, coefficient] : out.rest.terms)
    if (monomial.size() > 1 || (monomial.size() == 1 && !affine.count(monomial[0]))) throw Unprovable{st.stmt, form};
  return out;
}

Pinned RingPins::pinAt(const PlacedStmt& st, const Poly& target, const Path& anchorPath, const Instance& anchor,
                       const std::optional<Poly>& flat, int tag, const LoopTuple* tuple,
                       const std::set<const Stmt*>* tied) {
  Pinned pin;
  std::vector<z3::expr> ranges;
  pin.inst = enc_.instantiateApart(st.path, "r" + std::to_string(tag) + ".", ranges);
  Poly pos = positionIn(st, pin.inst);
  pin.defs = pin.inst.facts;
  std::set<const Stmt*> common;
  for (size_t i = 0; i < st.path.size() && i < anchorPath.size() && st.path[i].container == anchorPath[i].container; ++i)
    if (st.path[i].container->kind == StmtKind::For) common.insert(st.path[i].container);
  // The sequential loops whose variables the position reads are solved from the target
  // (solvedLoops), not taken from the anchor: a position `ko * 4 + ki` of another `ko`
  // is another instance, and pinning `ko` to the anchor's would leave it out.
  const Solved solved = solvedLoops(st, pos, pin.inst);
  auto fixed = [&](const Stmt* l) -> std::optional<int64_t> {
    if (tuple)
      for (const auto& [loop, iteration] : *tuple)
        if (loop == l) return iteration;
    return std::nullopt;
  };
  bool insideCounted = false;  // enclosingLoops is outermost first
  for (const Stmt* l : enclosingLoops(st.path)) {
    if (l == solved.inner || l == solved.outer) {
      insideCounted = true;
      continue;
    }
    if (l->loop == LoopKind::Block || (l->loop == LoopKind::Seq && common.count(l)) || (tied && tied->count(l))) {
      if (!anchor.iter.count(l)) throw Unprovable{st.stmt, "a loop around it is not around the statement it is compared with"};
      pin.defs.push_back(enc_.atomExpr(pin.inst.iter.at(l)) == enc_.atomExpr(anchor.iter.at(l)));
      // Only the iteration is the anchor's: the variable's value follows from the loop's
      // bounds, in the pinned instance. Inside the counted loop they may read the counted
      // variable (`for (j = k; ...)`), whose value here is the target's, not the anchor's;
      // outside it a sequential loop's start may read the thread (`for (r = g; ...)` in a
      // warpgroup loop, the pinned statement another warpgroup's). Equating the values
      // would be a constraint, not a definition: it made the queries that hold it vacuous
      // (a false accept: two copy groups signalling one position, review of the twelfth
      // session; lit hopper/ring_pin_thread_start.cpp). A grid loop's start reads no thread.
      if (!insideCounted && l->loop == LoopKind::Block)
        pin.defs.push_back(enc_.atomExpr(pin.inst.loopVar.at(l->var)) == enc_.atomExpr(anchor.loopVar.at(l->var)));
    } else if (l->loop == LoopKind::Seq) {
      throw Unprovable{st.stmt, "the ring statement (noted) sits in a sequential loop that its position does not count"};
    } else if (std::optional<int64_t> it = fixed(l)) {
      pin.defs.push_back(enc_.atomExpr(pin.inst.iter.at(l)) == q_.ctx.int_val(*it));
    } else if (!flat) {
      if (l->tripCount() != 1)
        throw Unprovable{st.stmt, "a TMA copy (noted) must be issued by one thread: put it in a thread loop of one iteration"};
      pin.defs.push_back(enc_.atomExpr(pin.inst.iter.at(l)) == 0);
    }
  }
  if (flat && pin.inst.flat) pin.defs.push_back(enc_.toZ3(*pin.inst.flat) == enc_.toZ3(*flat));
  if (solved.inner) {
    // r = target - rest - c_i * lo_i; outer = r div c_o, inner = lo_i + (r mod c_o) / c_i,
    // with `c_i` dividing the remainder: definitions whatever the target (Z3's div and
    // mod by a positive constant are floor and its remainder), the instance exists when
    // they are in their loops' ranges and the remainder divides.
    const int vi = pin.inst.loopVar.at(solved.inner->var);
    z3::expr r = enc_.toZ3(target - solved.rest);
    const z3::expr ci = q_.ctx.int_val(solved.innerScale);
    if (solved.outer) {
      const int vo = pin.inst.loopVar.at(solved.outer->var);
      const z3::expr co = q_.ctx.int_val(solved.outerScale);
      r = r - ci * q_.ctx.int_val(*constantValue(*solved.inner->lo));
      pin.defs.push_back(enc_.atomExpr(vo) == r / co);
      const z3::expr m = r - co * enc_.atomExpr(vo);
      pin.defs.push_back(enc_.atomExpr(vi) == q_.ctx.int_val(*constantValue(*solved.inner->lo)) + m / ci);
      ranges.push_back(z3::mod(m, ci) == 0);
    } else if (solved.innerScale == 1) {
      pin.defs.push_back(enc_.atomExpr(vi) == r);
    } else {
      pin.defs.push_back(enc_.atomExpr(vi) == r / ci);
      ranges.push_back(z3::mod(r, ci) == 0);
    }
  } else {
    ranges.push_back(enc_.toZ3(pos) == enc_.toZ3(target));
  }
  pin.exists = allOf(q_.ctx, ranges);
  return pin;
}

namespace {

/// The signal statements (copies, arrivals) and the waits of every ring, with paths.
struct RingStatements {
  std::vector<PlacedStmt> signals, waits;
};

RingStatements ringStatements(const Kernel& k) {
  RingStatements out;
  bool any = false;
  for (const auto& in : k.instructions) any |= in->async.ring();
  if (!any) return out;
  for (PlacedStmt& p : instructionStatements(k)) {
    if (p.stmt->instr->async.signalsRing()) out.signals.push_back(p);
    if (p.stmt->instr->async.kind == AsyncRole::Kind::AwaitRing) out.waits.push_back(p);
  }
  return out;
}

}  // namespace

namespace {

/// An instance of ring statement `st` near side `anchor`: in the anchor's thread, in the
/// anchor's iterations of the loops they share, except the innermost shared sequential
/// loop, which is `offset` iterations away (0, +1: the next, -1: the previous). Its
/// definitions (always satisfiable) in `defs`, that it runs in `runs`, its position in
/// `pos`. With `ownLast`, sequential loops of its own (a wait in the mainloop, seen
/// from the epilogue after it) take their last iteration (of a wait before the anchor,
/// the latest); loops of step 1 only. nullopt when that cannot be modelled (without
/// `ownLast`, any loop of its own).
struct Near {
  Instance inst;
  std::vector<z3::expr> defs;
  z3::expr runs;
  Poly pos;
};
std::optional<Near> nearInstance(Queries& q, const PlacedStmt& st, const Side& anchor, int offset, bool ownLast) {
  Encoder& enc = q.enc;
  const Path& ap = anchor.site->path;
  // Outermost first (program order, not by address: the definitions below go to the
  // solver in this order, and the witnesses depend on it).
  std::vector<const Stmt*> common;
  const Stmt* innerSeq = nullptr;
  for (size_t i = 0; i < st.path.size() && i < ap.size() && st.path[i].container == ap[i].container; ++i)
    if (st.path[i].container->kind == StmtKind::For) {
      common.push_back(st.path[i].container);
      if (st.path[i].container->loop == LoopKind::Seq) innerSeq = st.path[i].container;
    }
  if (offset && !innerSeq) return std::nullopt;
  std::vector<const Stmt*> own;
  for (const Stmt* l : enclosingLoops(st.path))
    if (l->loop == LoopKind::Seq && std::find(common.begin(), common.end(), l) == common.end()) {
      if (!ownLast || l->step != 1 || !l->lo || !l->hi || l->compareAs) return std::nullopt;
      own.push_back(l);
    }
  std::vector<z3::expr> ranges;
  Instance inst = enc.instantiateApart(st.path, "near.", ranges);
  std::string why;
  std::optional<Poly> pos = enc.intExpr(model::ringPosition(*st.stmt), inst, why);
  if (!pos || !inst.flat) return std::nullopt;
  std::vector<z3::expr> ownDefs;
  // Own loops, outermost first: the last iteration (one below the bound); when the loop
  // runs none, `runs` (its range) is false.
  for (const Stmt* l : own) {
    std::optional<Poly> lo = enc.intExpr(*l->lo, inst, why);
    std::optional<Poly> hi = enc.intExpr(*l->hi, inst, why);
    if (!lo || !hi || !inst.iter.count(l) || !inst.loopVar.count(l->var)) return std::nullopt;
    const Poly value = *hi - Poly::constant(1);
    ownDefs.push_back(enc.atomExpr(inst.loopVar.at(l->var)) == enc.toZ3(value));
    ownDefs.push_back(enc.atomExpr(inst.iter.at(l)) == enc.toZ3(value - *lo));
  }
  std::vector<z3::expr> defs = inst.facts;  // with the facts of the bounds' atoms
  defs.insert(defs.end(), ownDefs.begin(), ownDefs.end());
  for (const Stmt* l : common) {
    if (l->loop != LoopKind::Seq && l->loop != LoopKind::Block) continue;  // the thread decides
    if (!anchor.inst.iter.count(l) || !anchor.inst.loopVar.count(l->var)) return std::nullopt;
    const int64_t d = l == innerSeq ? offset : 0;
    defs.push_back(enc.atomExpr(inst.iter.at(l)) == enc.atomExpr(anchor.inst.iter.at(l)) + q.ctx.int_val(d));
    defs.push_back(enc.atomExpr(inst.loopVar.at(l->var)) ==
                   enc.atomExpr(anchor.inst.loopVar.at(l->var)) + q.ctx.int_val(d * static_cast<int64_t>(l->step)));
  }
  defs.push_back(enc.toZ3(*inst.flat) == enc.toZ3(*anchor.inst.flat));
  return Near{std::move(inst), std::move(defs), allOf(q.ctx, ranges), *pos};
}

}  // namespace

Side statementSide(const PlacedStmt& st, const Instance& inst, std::vector<std::unique_ptr<AccessSite>>& keep) {
  auto site = std::make_unique<AccessSite>();
  site->stmt = st.stmt;
  site->path = st.path;
  Side sd;
  sd.site = site.get();
  sd.id = -100 - static_cast<int>(keep.size());
  sd.inst = inst;
  keep.push_back(std::move(site));
  return sd;
}

std::optional<LoopTuple> firstGroup(const Kernel& k, const PlacedStmt& st) {
  std::string why;
  std::optional<model::RingThreads> t = model::ringThreads(k, *st.stmt, why);
  if (!t || t->tuples.empty()) return std::nullopt;
  LoopTuple out;
  for (size_t l = 0; l < t->loops.size(); ++l) out.push_back({t->loops[l], t->tuples[0][l]});
  return out;
}

z3::expr chainBefore(const Encoder& enc, z3::context& ctx, const BarrierChain& chain, const Instance& first,
                     const Instance& later) {
  // The first statement's iterations of L's sequential loops before the later one's
  // (lexicographically, outermost first), or the same ones when the barrier follows the
  // first statement in L.
  z3::expr before = ctx.bool_val(chain.sameAllowed);
  for (size_t i = chain.sequential.size(); i-- > 0;) {
    const Stmt* l = chain.sequential[i];
    const z3::expr f = enc.atomExpr(first.iter.at(l)), t = enc.atomExpr(later.iter.at(l));
    before = f < t || (f == t && before);
  }
  return before;
}

std::optional<BarrierChain> barrierChain(const Path& ap, const Path& rp) {
  size_t d = 0;
  while (d < ap.size() && d < rp.size() && ap[d] == rp[d]) ++d;
  if (d >= ap.size() || d >= rp.size() || ap[d].container != rp[d].container) return std::nullopt;
  const Stmt& list = *ap[d].container;
  if (list.kind != StmtKind::Block || ap[d].child < 0 || rp[d].child < 0) return std::nullopt;
  // The barrier that orders the most: one after `a` (the same iterations will do), the
  // widest collective (a block barrier needs no tie: the grid loops are tied).
  std::optional<BarrierChain> best;
  for (int j = 0; j < rp[d].child; ++j) {
    const Stmt* bar = list.body[static_cast<size_t>(j)].get();
    if (!bar || !bar->isBarrier()) continue;
    BarrierChain c;
    c.sameAllowed = j > ap[d].child;
    const LoopKind scopeLoop = loopKindOf(collective(bar->barrierScope()));
    bool found = bar->barrierScope() == CollectiveId::Block, ok = true;
    for (size_t i = d + 1; i-- > 0;) {  // the loops around L, innermost first
      const Stmt* l = ap[i].container;
      if (l->kind != StmtKind::For) continue;
      if (l->loop == LoopKind::Seq) {
        c.sequential.insert(c.sequential.begin(), l);
      } else if (l->loop != LoopKind::Block) {
        if (!found && l->loop == scopeLoop) found = true;
        if (found) c.tied.insert(l);
        else ok = false;  // a parallel loop inside the barrier's collective: its threads differ
      }
    }
    if (!found || !ok) continue;
    if (!best || (c.sameAllowed && !best->sameAllowed) ||
        (c.sameAllowed == best->sameAllowed && c.tied.size() < best->tied.size()))
      best = c;
  }
  return best;
}

z3::expr ringOrdered(Queries& q, const Kernel& k, const Side& a, const Side& b, z3::solver& s, bool ownLoops) {
  z3::expr e = q.ctx.bool_val(false);
  RingStatements rs = ringStatements(k);
  if (rs.signals.empty() || rs.waits.empty() || !a.inst.flat || !b.inst.flat) return e;
  // b made by a cluster-wide statement stands for any block's (ProverQuery.h): only a
  // signal that reaches every block's ring orders a before it; a is always a's block's.
  if (standsForOtherBlocks(a)) return e;
  const bool clusterWide = standsForOtherBlocks(b);
  auto usable = [&](const PlacedStmt& sig) { return !clusterWide || sig.stmt->instr->async.cluster; };
  RingPins pins(q);
  Encoder& enc = q.enc;
  const Path& ap = a.site->path;
  const Path& bp = b.site->path;
  // From the signal side: a signal in a's thread, in a's iteration or the next one; the
  // wait for its position in b's thread, pinned.
  // One candidate: ring statement `st` pinned at `pos` near an anchor (its definitions and
  // the near instance's go to the solver); it orders when it exists and `order` holds of
  // its instance. One that cannot be modelled orders nothing (conservative).
  auto pinned = [&](const PlacedStmt& st, const Poly& pos, const Path& path, const Instance& anchor,
                    const std::optional<Poly>& flat, const std::set<const Stmt*>* tied,
                    const std::vector<z3::expr>& nearDefs, auto&& order) -> z3::expr {
    try {
      Pinned p = pins.pinAt(st, pos, path, anchor, flat, 0, nullptr, tied);
      for (const z3::expr& d : nearDefs) s.add(d);
      for (const z3::expr& d : p.defs) s.add(d);
      return *p.exists && order(p.inst);
    } catch (const Unprovable&) {
      return q.ctx.bool_val(false);
    }
  };
  for (const PlacedStmt& r : rs.signals)
    for (int offset : {0, 1}) {
      if (!usable(r)) continue;
      std::optional<Near> sig = nearInstance(q, r, a, offset, false);
      if (!sig) continue;
      z3::expr signalled = sig->runs && seqBefore(enc, q.ctx, ap, a.inst.iter, r.path, sig->inst.iter);
      for (const PlacedStmt& w : rs.waits) {
        if (model::ringOf(*w.stmt) != model::ringOf(*r.stmt)) continue;
        e = e || (signalled && pinned(w, sig->pos, bp, b.inst, b.inst.flat, nullptr, sig->defs, [&](const Instance& wi) {
                    return seqBefore(enc, q.ctx, w.path, wi.iter, bp, b.inst.iter);
                  }));
        // The wait by another thread of b's copy of a barrier's collective, before the
        // barrier that precedes b (one elected thread waits for the slot, then a barrier).
        if (std::optional<BarrierChain> chain = barrierChain(w.path, bp))
          e = e || (signalled && pinned(w, sig->pos, bp, b.inst, std::nullopt, &chain->tied, sig->defs,
                                        [&](const Instance& wi) { return chainBefore(enc, q.ctx, *chain, wi, b.inst); }));
      }
    }
  // From the wait side: a wait in b's thread, in b's iteration or the previous one; the
  // signal of its position in a's thread, pinned (a release several steps after the
  // access: the producer's wait names the position).
  for (const PlacedStmt& w : rs.waits)
    for (int offset : {0, -1}) {
      std::optional<Near> wait = nearInstance(q, w, b, offset, ownLoops);
      if (!wait) continue;
      z3::expr waited = wait->runs && seqBefore(enc, q.ctx, w.path, wait->inst.iter, bp, b.inst.iter);
      for (const PlacedStmt& r : rs.signals) {
        if (model::ringOf(*r.stmt) != model::ringOf(*w.stmt) || !usable(r)) continue;
        e = e || (waited && pinned(r, wait->pos, ap, a.inst, a.inst.flat, nullptr, wait->defs, [&](const Instance& ri) {
                    return seqBefore(enc, q.ctx, ap, a.inst.iter, r.path, ri.iter);
                  }));
        // The signal by another thread of a's copy of a barrier's collective, after the
        // barrier that follows a (one elected thread releases a slot for its warpgroup).
        if (std::optional<BarrierChain> chain = barrierChain(ap, r.path))
          e = e || (waited && pinned(r, wait->pos, ap, a.inst, std::nullopt, &chain->tied, wait->defs,
                                     [&](const Instance& ri) { return chainBefore(enc, q.ctx, *chain, a.inst, ri); }));
      }
    }
  return e;
}


z3::expr ringOrderedTwoHops(Queries& q, const Kernel& k, const Side& a, const Side& b, z3::solver& s,
                            std::vector<std::unique_ptr<AccessSite>>& keep) {
  z3::expr e = q.ctx.bool_val(false);
  RingStatements rs = ringStatements(k);
  if (rs.signals.empty() || rs.waits.empty() || !a.inst.flat || !b.inst.flat) return e;
  if (standsForOtherBlocks(a) || standsForOtherBlocks(b)) return e;  // one block's edges only
  RingPins pins(q);
  Encoder& enc = q.enc;
  const Path& bp = b.site->path;
  // The last hop: a wait in b's thread before b (as ringOrdered's wait side), whose
  // position's signal runs in one thread m: a copy's issuing thread, or the first group
  // of an arrival's (the phase completes only when all of them have arrived, so each
  // one's earlier statements happen before the wait returns). Then a first hop from a
  // to that signal, by ringOrdered.
  // Only the wait in b's iteration (of the loops they share): the previous iteration's
  // and waits in loops of their own cost every question this is asked in
  // (ok_pingpong_consumers.cpp: 0.84 against 0.59 * 10^9 resource units) and were not
  // needed.
  for (const PlacedStmt& w : rs.waits) {
    std::optional<Near> wait = nearInstance(q, w, b, 0, false);
    if (!wait) continue;
    z3::expr waited = wait->runs && seqBefore(enc, q.ctx, w.path, wait->inst.iter, bp, b.inst.iter);
    for (const PlacedStmt& r : rs.signals) {
      if (model::ringOf(*r.stmt) != model::ringOf(*w.stmt) || r.stmt->instr->async.cluster) continue;
      std::optional<LoopTuple> first = firstGroup(k, r);
      if (!first) continue;
      Pinned m;
      try {
        m = pins.pinAt(r, wait->pos, bp, b.inst, std::nullopt, 0, &*first);
      } catch (const Unprovable&) {
        continue;  // not modelled: orders nothing
      }
      if (!m.inst.flat) continue;
      Side mid = statementSide(r, m.inst, keep);
      for (const z3::expr& d : wait->defs) s.add(d);
      for (const z3::expr& d : m.defs) s.add(d);
      e = e || (waited && *m.exists && ringOrdered(q, k, a, mid, s));
    }
  }
  return e;
}

}  // namespace exo::checker
