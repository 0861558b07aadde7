#include "checker/ProverText.h"

namespace exo::checker {

using namespace model;

static std::string paren(const Expr& e) {
  bool atomic = e.kind == ExprKind::IntLit || e.kind == ExprKind::VarRef || e.kind == ExprKind::Index ||
                e.kind == ExprKind::Call || e.kind == ExprKind::FloatLit;
  return atomic ? exprText(e) : "(" + exprText(e) + ")";
}

std::string exprText(const Expr& e) {
  switch (e.kind) {
    case ExprKind::IntLit: return std::to_string(e.ival);
    case ExprKind::FloatLit: return e.spelling.empty() ? std::to_string(e.fval) : e.spelling;
    case ExprKind::VarRef: return e.var ? e.var->name : "?";
    case ExprKind::Index: {
      std::string s = e.var ? e.var->name : "?";
      for (const ExprPtr& a : e.args) s += "[" + (a ? exprText(*a) : "?") + "]";
      return s;
    }
    case ExprKind::Unary: return e.args.empty() ? "?" : e.spelling + paren(*e.args[0]);
    case ExprKind::Binary:
      if (e.args.size() != 2) return "?";
      return paren(*e.args[0]) + " " + e.spelling + " " + paren(*e.args[1]);
    case ExprKind::Select:
      if (e.args.size() != 3) return "?";
      return paren(*e.args[0]) + " ? " + paren(*e.args[1]) + " : " + paren(*e.args[2]);
    case ExprKind::Call: {
      std::string s = e.spelling + "(";
      for (size_t i = 0; i < e.args.size(); ++i) s += (i ? ", " : "") + exprText(*e.args[i]);
      return s + ")";
    }
    case ExprKind::Cast:
      return "(" + e.type.scalarSpelling() + ")" + (e.args.empty() ? "?" : paren(*e.args[0]));
  }
  return "?";
}

}  // namespace exo::checker
