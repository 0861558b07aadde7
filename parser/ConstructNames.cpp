#include "parser/ConstructNames.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

namespace exo {

std::string constructName(const clang::Stmt* s) {
  namespace c = clang;
  switch (s->getStmtClass()) {
    // statements
    case c::Stmt::CXXTryStmtClass: return "a 'try' block";
    case c::Stmt::CXXForRangeStmtClass: return "a range-based 'for' loop";
    case c::Stmt::WhileStmtClass: return "a 'while' loop";
    case c::Stmt::DoStmtClass: return "a 'do' loop";
    case c::Stmt::ReturnStmtClass: return "'return'";
    case c::Stmt::BreakStmtClass: return "'break'";
    case c::Stmt::ContinueStmtClass: return "'continue'";
    case c::Stmt::SwitchStmtClass: return "'switch'";
    case c::Stmt::CaseStmtClass:
    case c::Stmt::DefaultStmtClass: return "a 'case' label";
    case c::Stmt::GotoStmtClass:
    case c::Stmt::IndirectGotoStmtClass: return "'goto'";
    case c::Stmt::LabelStmtClass: return "a label";
    case c::Stmt::GCCAsmStmtClass:
    case c::Stmt::MSAsmStmtClass: return "inline assembly";
    case c::Stmt::CoreturnStmtClass: return "'co_return'";
    case c::Stmt::AttributedStmtClass: return "a statement with attributes other than exo's";
    // expressions
    case c::Stmt::CXXThrowExprClass: return "'throw'";
    case c::Stmt::LambdaExprClass: return "a lambda";
    case c::Stmt::CXXNewExprClass: return "'new'";
    case c::Stmt::CXXDeleteExprClass: return "'delete'";
    case c::Stmt::CXXThisExprClass: return "'this'";
    case c::Stmt::StringLiteralClass: return "a string literal";
    case c::Stmt::CharacterLiteralClass: return "a character literal";
    case c::Stmt::MemberExprClass: return "a member access";
    case c::Stmt::CXXMemberCallExprClass: return "a member function call";
    case c::Stmt::CXXOperatorCallExprClass: return "an overloaded operator";
    case c::Stmt::UnaryExprOrTypeTraitExprClass: return "'sizeof'/'alignof'";
    case c::Stmt::CXXConstructExprClass:
    case c::Stmt::CXXTemporaryObjectExprClass: return "a constructor call";
    case c::Stmt::InitListExprClass: return "a braced initializer list";
    case c::Stmt::StmtExprClass: return "a statement expression";
    case c::Stmt::CXXTypeidExprClass: return "'typeid'";
    case c::Stmt::CompoundLiteralExprClass: return "a compound literal";
    case c::Stmt::CoawaitExprClass: return "'co_await'";
    case c::Stmt::CoyieldExprClass: return "'co_yield'";
    case c::Stmt::AddrLabelExprClass: return "the address of a label";
    case c::Stmt::CXXNullPtrLiteralExprClass: return "'nullptr'";
    case c::Stmt::CXXBoolLiteralExprClass: return "a 'bool' literal";
    case c::Stmt::ImaginaryLiteralClass: return "an imaginary literal";
    case c::Stmt::FixedPointLiteralClass: return "a fixed-point literal";
    case c::Stmt::CXXPseudoDestructorExprClass: return "a destructor call";
    case c::Stmt::CXXNoexceptExprClass: return "'noexcept'";
    case c::Stmt::SizeOfPackExprClass: return "'sizeof...'";
    case c::Stmt::CXXFoldExprClass: return "a fold expression";
    case c::Stmt::VAArgExprClass: return "'va_arg'";
    case c::Stmt::AtomicExprClass: return "an atomic builtin";
    case c::Stmt::BinaryConditionalOperatorClass: return "the operator '?:' without a middle operand";
    case c::Stmt::PredefinedExprClass: return "'__func__'";
    default: break;
  }
  if (const auto* u = llvm::dyn_cast<c::UnaryOperator>(s))
    return "the operator '" + c::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "'";
  if (const auto* b = llvm::dyn_cast<c::BinaryOperator>(s))
    return "the operator '" + c::BinaryOperator::getOpcodeStr(b->getOpcode()).str() + "'";
  if (llvm::isa<c::CastExpr>(s)) return "this conversion";
  if (llvm::isa<c::CallExpr>(s)) return "this call";
  if (llvm::isa<c::Expr>(s)) return "this expression";
  return "this statement";
}

}  // namespace exo
