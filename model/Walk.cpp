#include "model/Walk.h"

namespace exo::model {

std::optional<std::pair<const Expr*, bool>> operandGuard(const Expr& e, size_t i) {
  if (e.kind == ExprKind::Select && e.args.size() == 3 && i > 0) return std::make_pair(e.args[0].get(), i == 1);
  if (e.kind == ExprKind::Binary && (e.op == Op::LogAnd || e.op == Op::LogOr) && i == 1)
    return std::make_pair(e.args[0].get(), e.op == Op::LogAnd);
  return std::nullopt;
}

void forEachExpr(const ExprPtr& e, const std::function<void(const Expr&)>& f) {
  if (!e) return;
  f(*e);
  for (const ExprPtr& a : e->args) forEachExpr(a, f);
}

void forEachOwnExpr(const Stmt& s, const std::function<void(const ExprPtr&)>& f) {
  s.forEachExprField([&](const char*, const ExprPtr& e) {
    if (e) f(e);
  });
}

const Var* firstVarIn(const ExprPtr& e, const std::set<const Var*>& vars) {
  const Var* found = nullptr;
  forEachExpr(e, [&](const Expr& x) {
    if (!found && x.var && vars.count(x.var)) found = x.var;
  });
  return found;
}

const Var* firstVarInOperand(const Stmt& call, size_t i, const std::set<const Var*>& vars) {
  if (i >= call.operands.size() || !call.operands[i]) return nullptr;
  const Expr& e = *call.operands[i];
  const bool memory = call.instr && i < call.instr->operands.size() &&
                      call.instr->operands[i].kind != Operand::Kind::Scalar;
  // An array's place is fixed; a pointer's is its value (a parameter assigned in the
  // kernel, or written at a dependent index, counts as dependent: conservative).
  if (memory && e.var && !e.var->dims.empty() &&
      (e.kind == ExprKind::VarRef || e.kind == ExprKind::Index || e.kind == ExprKind::Window)) {
    for (const ExprPtr& a : e.args)
      if (const Var* v = firstVarIn(a, vars)) return v;
    return nullptr;
  }
  return firstVarIn(call.operands[i], vars);
}

std::string firstNonParameter(const ExprPtr& e) {
  std::string offender;
  forEachExpr(e, [&](const Expr& x) {
    bool bad = x.kind == ExprKind::Index || (x.kind == ExprKind::VarRef && x.var->kind != VarKind::Param);
    if (bad && offender.empty()) offender = x.var ? x.var->name : "?";
  });
  return offender;
}

static void walk(Stmt& s, std::vector<Stmt*>& path,
                 const std::function<bool(Stmt&, const std::vector<Stmt*>&)>& enter) {
  if (!enter(s, path)) return;
  path.push_back(&s);
  for (StmtPtr& c : s.body) walk(*c, path, enter);
  path.pop_back();
}

std::set<const Var*> varsDependingOn(Stmt& body, std::set<const Var*> seeds) {
  std::set<const Var*> out = std::move(seeds);
  for (size_t before = 0; before != out.size();) {
    before = out.size();
    walkStmts(body, [&](Stmt& s, const std::vector<Stmt*>& path) {
      bool under = false;
      for (const Stmt* p : path) {
        if (p->kind == StmtKind::If && firstVarIn(p->cond, out)) under = true;
        if (p->kind == StmtKind::For && (firstVarIn(p->lo, out) || firstVarIn(p->hi, out))) under = true;
      }
      if (s.kind == StmtKind::Decl && s.var && (under || firstVarIn(s.init, out))) out.insert(s.var);
      // An array element written at a dependent index makes the array so too.
      if (s.kind == StmtKind::Assign && s.lhs && s.lhs->var && (under || firstVarIn(s.rhs, out) || firstVarIn(s.lhs, out)))
        out.insert(s.lhs->var);
      if (s.kind == StmtKind::For && s.var && (under || firstVarIn(s.lo, out) || firstVarIn(s.hi, out))) out.insert(s.var);
      // An instruction writes its written operands' arrays; what it writes depends on
      // its operands (their values, tiles and positions). (Its meaning, which assigns its
      // own parameters, is not walked.) An mbarrier holds no value a program reads: the
      // rings' statements are checked apart (checker/ClusterCheck, PersistentCheck).
      if (s.kind == StmtKind::Instr && s.instr) {
        bool dependent = under;
        for (const ExprPtr& e : s.operands) dependent = dependent || firstVarIn(e, out);
        if (dependent)
          for (size_t i = 0; i < s.operands.size() && i < s.instr->operands.size(); ++i) {
            const Var* v = s.operands[i] ? s.operands[i]->var : nullptr;
            if (s.instr->operands[i].writes && v && v->type.scalar != ScalarKind::MBarrier) out.insert(v);
          }
      }
      return s.kind != StmtKind::Instr;
    });
  }
  return out;
}

void walkStmts(Stmt& s, const std::function<bool(Stmt&, const std::vector<Stmt*>&)>& enter) {
  std::vector<Stmt*> path;
  walk(s, path, enter);
}

namespace {
std::set<const Var*> tmaGlobals(const Stmt& s, bool loadsOnly) {
  std::set<const Var*> out;
  std::function<void(const Stmt&)> visit = [&](const Stmt& x) {
    if (x.kind == StmtKind::Instr) {
      const AsyncRole& a = x.instr->async;
      if (loadsOnly ? a.kind == AsyncRole::Kind::IssueRing : a.viaTensorMap())
        for (size_t i = 0; i < x.operands.size() && i < x.instr->operands.size(); ++i)
          if (x.instr->operands[i].kind == Operand::Kind::Global && x.operands[i] && x.operands[i]->var)
            out.insert(x.operands[i]->var);
      return;  // the meaning's own statements are the instruction's
    }
    for (const StmtPtr& c : x.body)
      if (c) visit(*c);
  };
  visit(s);
  return out;
}
}  // namespace

bool containsBlockBarrier(const Stmt& s) {
  if (s.isBarrier()) return s.barrierScope() == CollectiveId::Block || s.barrierScope() == CollectiveId::Cluster;
  if (s.kind == StmtKind::Instr) return false;  // the meaning's own statements are the instruction's
  for (const StmtPtr& c : s.body)
    if (c && containsBlockBarrier(*c)) return true;
  return false;
}

std::set<const Var*> tensorMapGlobals(const Stmt& s) { return tmaGlobals(s, false); }
std::set<const Var*> tmaLoadSources(const Stmt& s) { return tmaGlobals(s, true); }

}  // namespace exo::model
