#include "model/ExprPrinter.h"

#include <cstdint>
#include <sstream>

namespace exo::model {

namespace {

int precedence(const Expr& e) {  // larger binds tighter (C++ precedence table)
  switch (e.kind) {
    case ExprKind::Select: return 1;
    case ExprKind::Binary: return opPrecedence(e.op);
    case ExprKind::Cast: return e.implicit ? precedence(*e.args[0]) : 12;
    case ExprKind::Unary: return 12;
    default: return 13;
  }
}

// The suffix that gives a printed integer literal its type. Types narrower than
// int have none: their values are promoted to int wherever they are used.
const char* literalSuffix(ScalarKind k) {
  switch (k) {
    case ScalarKind::UInt: return "u";
    case ScalarKind::Long: return "L";
    case ScalarKind::ULong: return "ul";
    default: return "";
  }
}

void print(std::ostream& os, const Expr& e, bool lowered);

void printOperand(std::ostream& os, const Expr& child, int parentPrec, bool rightSide, bool lowered) {
  int p = precedence(child);
  bool parens = p < parentPrec || (rightSide && p == parentPrec);
  // An additive operand of a shift keeps its parentheses, as users write it (and as
  // Clang's -Wshift-op-parentheses asks): `1 << (lk - lj)`, not `1 << lk - lj`.
  if (parentPrec == opPrecedence(Op::Shl) && child.kind == ExprKind::Binary && (child.op == Op::Add || child.op == Op::Sub))
    parens = true;
  if (parens) os << '(';
  print(os, child, lowered);
  if (parens) os << ')';
}

void print(std::ostream& os, const Expr& e, bool lowered) {
  switch (e.kind) {
    case ExprKind::IntLit:
      if (!e.spelling.empty()) {
        os << e.spelling;  // as written: suffixes and hex keep their type
      } else {
        // The smallest int or long has no literal: `-2147483648` is a long, and
        // `-9223372036854775808L` unsigned to nvcc (review of the fifteenth session: a
        // folded INT_MIN changed the type of an expression, a LONG_MIN the sign of a
        // quotient).
        if (e.type.scalar == ScalarKind::Int && e.ival == INT32_MIN) os << "(-2147483647 - 1)";
        else if (e.type.scalar == ScalarKind::Long && e.ival == INT64_MIN) os << "(-9223372036854775807L - 1)";
        else os << e.ival << literalSuffix(e.type.scalar);
      }
      return;
    case ExprKind::FloatLit: os << e.spelling; return;
    case ExprKind::VarRef: os << e.var->name; return;
    case ExprKind::Index: case ExprKind::Window: {
      size_t from = lowered ? e.var->ownedIndexCount() : 0;
      if (lowered && e.var->clusterShared && !e.args.empty()) {
        // A distributed shared array (Var::clusterShared): part r is block r's. The
        // block's own part (indexed by its rank) directly, another's through
        // distributed shared memory (mapa).
        const Expr& part = *e.args[0];
        if (part.kind == ExprKind::VarRef && part.var->blockRank) {
          os << e.var->name;
        } else {
          os << "exo::sm90::gpu::peer(" << e.var->name << ", ";
          print(os, part, lowered);
          os << ')';
        }
        from = 1;
      } else {
        os << e.var->name;
      }
      for (size_t i = from; i < e.args.size(); ++i) {
        os << '[';
        print(os, *e.args[i], lowered);
        os << ']';
      }
      return;
    }
    case ExprKind::Unary: {
      os << e.spelling;
      // `-(-v)` must not become `--v`, nor `-(-1)` `--1`.
      const Expr& a = *e.args[0];
      bool glue = a.kind == ExprKind::Unary || (a.kind == ExprKind::IntLit && a.ival < 0 && a.spelling.empty()) ||
                  (a.kind == ExprKind::FloatLit && !a.spelling.empty() && a.spelling[0] == '-');
      if (glue) os << '(';
      printOperand(os, a, precedence(e), false, lowered);
      if (glue) os << ')';
      return;
    }
    case ExprKind::Binary:
      printOperand(os, *e.args[0], precedence(e), false, lowered);
      os << ' ' << e.spelling << ' ';
      printOperand(os, *e.args[1], precedence(e), true, lowered);
      return;
    case ExprKind::Select:
      printOperand(os, *e.args[0], 2, false, lowered);
      os << " ? ";
      printOperand(os, *e.args[1], 1, false, lowered);
      os << " : ";
      printOperand(os, *e.args[2], 1, false, lowered);
      return;
    case ExprKind::Call:
      os << e.spelling << '(';
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (i) os << ", ";
        print(os, *e.args[i], lowered);
      }
      os << ')';
      return;
    case ExprKind::Cast:
      if (e.implicit) return print(os, *e.args[0], lowered);  // C++ converts it again
      os << '(' << e.type.scalarSpelling() << ')';
      printOperand(os, *e.args[0], precedence(e), false, lowered);
      return;
  }
}

}  // namespace

std::string printExpr(const Expr& e, bool lowered) {
  std::ostringstream os;
  print(os, e, lowered);
  return os.str();
}

}  // namespace exo::model
