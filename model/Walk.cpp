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

void walkStmts(Stmt& s, const std::function<bool(Stmt&, const std::vector<Stmt*>&)>& enter) {
  std::vector<Stmt*> path;
  walk(s, path, enter);
}

}  // namespace exo::model
