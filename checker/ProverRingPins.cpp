#include "checker/ProverRingPins.h"

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

Pinned RingPins::pinAt(const PlacedStmt& st, const Poly& target, const Path& anchorPath, const Instance& anchor,
                       const std::optional<Poly>& flat, int tag, const LoopTuple* tuple) {
  Pinned pin;
  std::vector<z3::expr> ranges;
  pin.inst = enc_.instantiateApart(st.path, "r" + std::to_string(tag) + ".", ranges);
  Poly pos = positionIn(st, pin.inst);
  pin.defs = pin.inst.facts;
  std::set<const Stmt*> common;
  for (size_t i = 0; i < st.path.size() && i < anchorPath.size() && st.path[i].container == anchorPath[i].container; ++i)
    if (st.path[i].container->kind == StmtKind::For) common.insert(st.path[i].container);
  const Stmt* counted = nullptr;  // the loop whose variable the position counts
  for (const Stmt* l : enclosingLoops(st.path)) {
    if (l->loop != LoopKind::Seq) continue;
    auto it = pin.inst.loopVar.find(l->var);
    if (it == pin.inst.loopVar.end()) continue;
    auto t = pos.terms.find({it->second});
    if (t != pos.terms.end() && t->second == 1) counted = l;
  }
  auto fixed = [&](const Stmt* l) -> std::optional<int64_t> {
    if (tuple)
      for (const auto& [loop, iteration] : *tuple)
        if (loop == l) return iteration;
    return std::nullopt;
  };
  for (const Stmt* l : enclosingLoops(st.path)) {
    if (l == counted) continue;
    if (l->loop == LoopKind::Block || (l->loop == LoopKind::Seq && common.count(l))) {
      if (!anchor.iter.count(l)) throw Unprovable{st.stmt, "a loop around it is not around the statement it is compared with"};
      pin.defs.push_back(enc_.atomExpr(pin.inst.iter.at(l)) == enc_.atomExpr(anchor.iter.at(l)));
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
  if (counted) {
    if (counted->step != 1) throw Unprovable{st.stmt, "the loop its position counts must step by 1"};
    int v = pin.inst.loopVar.at(counted->var);
    Poly rest = pos - Poly::atom(v);
    // `v == target - rest` defines v only when rest does not depend on v: rest may read
    // the other loop variables and the parameters, nothing made while encoding the
    // position (a quotient or remainder of v: `kt + kt % 2` has no v for odd targets,
    // and an unsatisfiable definition would make every query that holds it vacuous).
    std::set<int> affine;
    for (const auto& [var, atom] : pin.inst.loopVar)
      if (atom != v) affine.insert(atom);
    for (const auto& [var, atom] : enc_.params()) affine.insert(atom);
    for (int atom : enc_.sharedAtoms()) affine.insert(atom);
    for (const auto& [monomial, coefficient] : rest.terms)
      if (monomial.size() > 1 || (monomial.size() == 1 && !affine.count(monomial[0])))
        throw Unprovable{st.stmt, "its ring position must be the loop variable it counts plus an affine term in the other "
                                  "loop variables and the parameters (no division, remainder or product)"};
    pin.defs.push_back(enc_.atomExpr(v) == enc_.toZ3(target - rest));
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

z3::expr ringOrdered(Queries& q, const Kernel& k, const Side& a, const Side& b, z3::solver& s) {
  z3::expr e = q.ctx.bool_val(false);
  RingStatements rs = ringStatements(k);
  if (rs.signals.empty() || rs.waits.empty() || !a.inst.flat || !b.inst.flat) return e;
  RingPins pins(q);
  Encoder& enc = q.enc;
  for (const PlacedStmt& r : rs.signals) {
    const Path& ap = a.site->path;
    // The loops the signal shares with a (a common prefix of containers).
    std::set<const Stmt*> common;
    const Stmt* innerSeq = nullptr;
    for (size_t i = 0; i < r.path.size() && i < ap.size() && r.path[i].container == ap[i].container; ++i)
      if (r.path[i].container->kind == StmtKind::For) {
        common.insert(r.path[i].container);
        if (r.path[i].container->loop == LoopKind::Seq) innerSeq = r.path[i].container;
      }
    bool modelled = true;
    for (const Stmt* l : enclosingLoops(r.path))
      if (l->loop == LoopKind::Seq && !common.count(l)) modelled = false;  // which iteration: not modelled
    if (!modelled) continue;
    for (int next = 0; next < (innerSeq ? 2 : 1); ++next) {
      std::vector<z3::expr> ranges;
      Instance ri = enc.instantiateApart(r.path, "sig.", ranges);
      std::string why;
      std::optional<Poly> pos = enc.intExpr(model::ringPosition(*r.stmt), ri, why);
      if (!pos) continue;
      std::vector<z3::expr> defs = ri.facts;
      bool ok = true;
      for (const Stmt* l : common) {
        if (l->loop != LoopKind::Seq && l->loop != LoopKind::Block) continue;  // the thread decides
        if (!a.inst.iter.count(l) || !a.inst.loopVar.count(l->var)) {
          ok = false;
          break;
        }
        z3::expr ia = enc.atomExpr(a.inst.iter.at(l));
        if (next && l == innerSeq) ia = ia + 1;
        defs.push_back(enc.atomExpr(ri.iter.at(l)) == ia);
        defs.push_back(enc.atomExpr(ri.loopVar.at(l->var)) ==
                       enc.atomExpr(a.inst.loopVar.at(l->var)) +
                           (next && l == innerSeq ? q.ctx.int_val(static_cast<int64_t>(l->step)) : q.ctx.int_val(0)));
      }
      if (!ok || !ri.flat) continue;
      defs.push_back(enc.toZ3(*ri.flat) == enc.toZ3(*a.inst.flat));
      z3::expr signalled = allOf(q.ctx, ranges) && seqBefore(enc, q.ctx, ap, a.inst.iter, r.path, ri.iter);
      const Var* ring = model::ringOf(*r.stmt);
      for (const PlacedStmt& w : rs.waits) {
        if (model::ringOf(*w.stmt) != ring) continue;
        try {
          Pinned pw = pins.pinAt(w, *pos, b.site->path, b.inst, b.inst.flat, 0);
          for (const z3::expr& d : defs) s.add(d);
          for (const z3::expr& d : pw.defs) s.add(d);
          e = e || (signalled && *pw.exists && seqBefore(enc, q.ctx, w.path, pw.inst.iter, b.site->path, b.inst.iter));
        } catch (const Unprovable&) {
          // Not modelled: this candidate orders nothing (conservative).
        }
      }
    }
  }
  return e;
}

}  // namespace exo::checker
