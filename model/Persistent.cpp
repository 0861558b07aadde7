#include "model/Persistent.h"

#include <set>

#include "model/Rings.h"

namespace exo::model {

ExprPtr cloneExpr(const ExprPtr& e, const std::map<const Var*, Var*>& vars) {
  if (!e) return nullptr;
  auto c = std::make_shared<Expr>(*e);
  if (c->var) {
    auto it = vars.find(c->var);
    if (it != vars.end()) c->var = it->second;
  }
  for (ExprPtr& a : c->args) a = cloneExpr(a, vars);
  return c;
}

namespace {

/// Copies statements; in the second tile (`renaming`), with new loop variables and
/// locals, without the shared/register array declarations, and ring positions shifted.
class Cloner {
public:
  Cloner(Kernel& out, const Kernel& k, bool renaming) : out_(out), k_(k), renaming_(renaming) {
    // The second tile is another tile: its global memory is apart from the first's in
    // the model (two different tiles never conflict there: the one-tile proof showed it
    // for any two blocks), as if through other pointers that alias nothing.
    if (renaming_)
      for (Var* p : k.params)
        if (p->isGlobalPointer()) {
          fresh(p);
          vars_[p]->type.isRestrict = true;
          vars_[p]->extents = p->extents;
          vars_[p]->extentRange = p->extentRange;
        }
  }

  StmtPtr stmt(const Stmt& s) {
    if (renaming_ && s.kind == StmtKind::Decl && s.var &&
        (s.var->memory == Memory::Shared || s.var->memory == Memory::Registers))
      return nullptr;  // the block's arrays: declared once, by the first tile
    if (renaming_ && (s.kind == StmtKind::Decl || s.kind == StmtKind::For) && s.var) fresh(s.var);
    auto c = std::make_unique<Stmt>();
    c->kind = s.kind;
    c->range = s.range;
    c->var = s.var ? mapped(s.var) : nullptr;
    c->lo = expr(s.lo);
    c->hi = expr(s.hi);
    c->step = s.step;
    c->compareAs = s.compareAs;
    c->loop = s.loop;
    c->clusterBlocks = s.clusterBlocks;
    c->persistent = s.persistent;
    c->unit = s.unit;
    c->collective = s.collective;
    c->cond = expr(s.cond);
    c->lhs = expr(s.lhs);
    c->rhs = expr(s.rhs);
    c->op = s.op;
    c->atomic = s.atomic;
    c->init = expr(s.init);
    c->instr = s.instr;
    for (const ExprPtr& o : s.operands) c->operands.push_back(expr(o));
    if (renaming_ && s.kind == StmtKind::Instr && s.instr->async.ring() && !c->operands.empty())
      if (const ExprPtr* period = periodOf(ringOf(s))) {
        ExprPtr shifted = Expr::binary("+", c->operands.back(), *period, c->operands.back()->type);
        shifted->range = c->operands.back()->range;
        c->operands.back() = shifted;
      }
    for (const StmtPtr& b : s.body)
      if (b) {
        if (StmtPtr cb = stmt(*b)) c->body.push_back(std::move(cb));
      }
    return c;
  }

private:
  ExprPtr expr(const ExprPtr& e) { return cloneExpr(e, vars_); }
  Var* mapped(Var* v) {
    auto it = vars_.find(v);
    return it == vars_.end() ? v : it->second;
  }
  void fresh(Var* v) {
    Var* n = out_.newVar(v->name, v->type, v->kind, v->memory, v->loc);
    n->dims = v->dims;
    n->layout = v->layout;
    vars_[v] = n;
  }
  const ExprPtr* periodOf(const Var* ring) const {
    for (const Kernel::RingPeriod& p : k_.ringPeriods)
      if (p.ring == ring) return &p.period;
    return nullptr;
  }

  Kernel& out_;
  const Kernel& k_;
  bool renaming_;
  std::map<const Var*, Var*> vars_;
};

/// The copy of the path from k.body down to the block body, with the block body
/// replaced by `{ first; second }`.
StmtPtr copyGrid(const Stmt& s, const Kernel& k, Kernel& out) {
  if (&s == k.blockBody) {
    auto both = Stmt::block();
    both->range = s.range;
    out.blockBody = both.get();
    both->body.push_back(Cloner(out, k, false).stmt(s));
    both->body.push_back(Cloner(out, k, true).stmt(s));
    return both;
  }
  auto c = Cloner(out, k, false).stmt(s);  // a shallow start: its body is redone below
  c->body.clear();
  for (const StmtPtr& b : s.body) c->body.push_back(copyGrid(*b, k, out));
  if (s.kind == StmtKind::For && s.loop == LoopKind::Block) out.gridLoops.push_back(c.get());  // (innermost first: only equalities read it)
  // A cluster's blocks run their tiles together: the model's innermost grid loops are
  // still the cluster loops, whose iterations (the block's rank) both tiles share.
  // (Inner loops are copied first: each outer one goes in front.)
  if (k.isClusterLoop(&s)) out.clusterLoops.insert(out.clusterLoops.begin(), c.get());
  return c;
}

}  // namespace

std::unique_ptr<Kernel> twoTiles(const Kernel& k) {
  auto out = std::make_unique<Kernel>();
  out->name = k.name;
  out->instance = k.instance;
  out->templateArgs = k.templateArgs;
  out->instanceLoc = k.instanceLoc;
  out->namespaces = k.namespaces;
  out->loc = k.loc;
  out->params = k.params;
  out->body = copyGrid(*k.body, k, *out);
  // A block runs two tiles only when there are at least two: assumed, so that every
  // witness has them (some grid loop runs twice; each runs at least once when a tile does).
  ExprPtr some;
  for (const Stmt* l : out->gridLoops) {
    if (out->isClusterLoop(l)) continue;  // the cluster's blocks, not its tiles
    ExprPtr span = Expr::binary("-", cloneExpr(l->hi, {}), cloneExpr(l->lo, {}));
    ExprPtr twice = Expr::binary(">", span, Expr::intLit(l->step));
    twice->type.scalar = ScalarKind::Bool;
    if (!some) {
      some = twice;
    } else {
      some = Expr::binary("||", some, twice);
      some->type.scalar = ScalarKind::Bool;
    }
  }
  if (some) {
    // After the kernel's own assumes: the overflow check of each assume uses only the
    // ones before it, and this one's `hi - lo` needs theirs.
    StmtPtr assume = Stmt::assume(some);
    assume->range = k.body->range;
    auto at = out->body->body.begin();
    while (at != out->body->body.end() && (*at)->kind == StmtKind::Assume) ++at;
    out->body->body.insert(at, std::move(assume));
  }
  out->clusterSize = k.clusterSize;  // (clusterLoops: set by copyGrid)
  out->blockThreads = k.blockThreads;
  out->sharedBytes = k.sharedBytes;
  out->persistent = false;  // the model spells out the two tiles itself
  out->ringPeriods = k.ringPeriods;
  return out;
}

}  // namespace exo::model
