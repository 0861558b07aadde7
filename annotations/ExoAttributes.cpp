// Registers the [[exo::...]] attributes with Clang.
//
// Each attribute becomes an `AnnotateAttr` whose string the parser reads back:
//   exo.kernel, exo.shared, exo.registers, exo.parallel.<level>, exo.sync.<scope>
//
// Gotcha: `__has_cpp_attribute`-style lookup only matches a plugin attribute by its
// unscoped name, and Clang drops the arguments of attributes it thinks take none.
// So every attribute is registered both as `exo::name` and as plain `name`, and the
// plain spelling is rejected here with a diagnostic that shows the scoped one.
#include <string>

#include "annotations/ClangDiags.h"
#include "model/Collective.h"
#include "model/Fragment.h"
#include "model/Instruction.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

namespace exo {
namespace {

using clang::ParsedAttr;
using clang::ParsedAttrInfo;
using model::DiagID;

// FreeFunction: a kernel, which becomes a __global__ function and a host launcher of the
// same name: a member function (its object, its class's scope) has neither form.
enum class Subject { Function, FreeFunction, Array, Parameter, ForLoop, EmptyStatement };

const char* subjectText(Subject s) {
  switch (s) {
    case Subject::Function: return "function definitions";
    case Subject::FreeFunction: return "function definitions";
    case Subject::Array: return "array declarations";
    case Subject::Parameter: return "function parameters";
    case Subject::ForLoop: return "'for' loops";
    case Subject::EmptyStatement: return "empty statements ('[[exo::sync(block)]];')";
  }
  return "";
}

clang::SemaBase::SemaDiagnosticBuilder report(clang::Sema& S, clang::SourceLocation loc, DiagID id) {
  return S.Diag(loc, clangDiagID(S.getDiagnostics(), id));
}

/// One exo attribute: its name, what it attaches to, and its allowed levels (if any).
class ExoAttr : public ParsedAttrInfo {
public:
  ExoAttr(const char* name, Subject subject, std::vector<std::string> levels, const char* levelKind)
      : name_(name), scoped_(std::string("exo::") + name), subject_(subject),
        levels_(std::move(levels)), levelKind_(levelKind) {
    spellings_[0] = {ParsedAttr::AS_CXX11, scoped_.c_str()};
    spellings_[1] = {ParsedAttr::AS_CXX11, name_};
    Spellings = spellings_;
    OptArgs = 15;  // accept any arguments, so that we can diagnose them ourselves
    IsStmt = subject == Subject::ForLoop || subject == Subject::EmptyStatement;
  }

  bool diagAppertainsToDecl(clang::Sema& S, const ParsedAttr& A, const clang::Decl* D) const override {
    bool ok = subject_ == Subject::Function       ? llvm::isa<clang::FunctionDecl>(D)
              : subject_ == Subject::FreeFunction ? llvm::isa<clang::FunctionDecl>(D) && !llvm::isa<clang::CXXMethodDecl>(D) &&
                                                        !D->getLexicalDeclContext()->isRecord()
              : subject_ == Subject::Array  ? llvm::isa<clang::VarDecl>(D)
              : subject_ == Subject::Parameter ? llvm::isa<clang::ParmVarDecl>(D)
                                            : false;
    // A member function, or a friend defined inside its class: neither is a free function
    // the printer can turn into a __global__ function and a launcher.
    if (!ok && subject_ == Subject::FreeFunction && llvm::isa<clang::FunctionDecl>(D))
      report(S, A.getLoc(), DiagID::err_attr_subject)
          << name_
          << "functions outside classes (a kernel becomes a __global__ function and a host launcher; make this "
             "member a free function)";
    else if (!ok)
      report(S, A.getLoc(), DiagID::err_attr_subject) << name_ << subjectText(subject_);
    return ok;
  }

  bool diagAppertainsToStmt(clang::Sema& S, const ParsedAttr& A, const clang::Stmt* St) const override {
    bool ok = subject_ == Subject::ForLoop          ? llvm::isa<clang::ForStmt>(St)
              : subject_ == Subject::EmptyStatement ? llvm::isa<clang::NullStmt>(St)
                                                    : false;
    if (!ok) report(S, A.getLoc(), DiagID::err_attr_subject) << name_ << subjectText(subject_);
    return ok;
  }

  AttrHandling handleDeclAttribute(clang::Sema& S, clang::Decl* D, const ParsedAttr& A) const override {
    std::string annotation;
    if (!validate(S, A, annotation)) return AttributeNotApplied;
    D->addAttr(clang::AnnotateAttr::Create(S.Context, annotation, nullptr, 0, A.getRange()));
    return AttributeApplied;
  }

  AttrHandling handleStmtAttribute(clang::Sema& S, clang::Stmt*, const ParsedAttr& A,
                                   clang::Attr*& result) const override {
    std::string annotation;
    if (!validate(S, A, annotation)) return AttributeNotApplied;
    result = clang::AnnotateAttr::Create(S.Context, annotation, nullptr, 0, A.getRange());
    return AttributeApplied;
  }

protected:
  /// `[[exo::kernel;` (no `]]`): Clang's recovery eats the `;` as if it closed the
  /// attribute list and reports nothing, while g++ rejects the file. The token after the
  /// attribute must be `]` (end of the list) or `,` (another attribute).
  static bool checkClosed(clang::Sema& S, const ParsedAttr& A, const char* name) {
    clang::SourceLocation end = A.getRange().getEnd();
    if (end.isInvalid() || !end.isFileID()) return true;
    std::optional<clang::Token> next =
        clang::Lexer::findNextToken(end, S.getSourceManager(), S.getLangOpts());
    if (!next || next->isOneOf(clang::tok::r_square, clang::tok::comma, clang::tok::ellipsis)) return true;
    std::string found = next->is(clang::tok::eof)
                            ? std::string("the end of the file")
                            : "'" + clang::Lexer::getSpelling(*next, S.getSourceManager(), S.getLangOpts()) + "'";
    report(S, next->getLocation(), DiagID::err_attr_unterminated) << name << found;
    return false;
  }

  /// Checks spelling and arguments; on success sets the annotation string.
  bool validate(clang::Sema& S, const ParsedAttr& A, std::string& annotation) const {
    if (!checkClosed(S, A, A.getScopeName() ? scoped_.c_str() : name_)) return false;
    std::string levelList;
    for (size_t i = 0; i < levels_.size(); ++i)
      levelList += (i ? (i + 1 == levels_.size() ? " or '" : ", '") : "'") + levels_[i] + "'";
    if (!A.getScopeName()) {
      // Suggest the level the user wrote, so that following the advice keeps the meaning.
      std::string level = levels_.empty() || levelOptional_ ? "" : levels_.front();
      if (!levels_.empty() && A.getNumArgs() >= 1 && A.isArgIdent(0))
        level = A.getArgAsIdent(0)->getIdentifierInfo()->getName().str();
      report(S, A.getLoc(), DiagID::err_attr_unscoped) << name_ << (level.empty() ? "" : "(" + level + ")");
      return false;
    }
    annotation = "exo." + std::string(name_);
    if (levels_.empty() || (levelOptional_ && A.getNumArgs() == 0)) {
      if (A.getNumArgs() != 0) {
        report(S, A.getLoc(), DiagID::err_attr_args) << name_ << "takes no arguments";
        return false;
      }
      return true;
    }
    if (A.getNumArgs() != 1 || !A.isArgIdent(0)) {
      report(S, A.getLoc(), DiagID::err_attr_args)
          << name_ << (levelOptional_ ? "takes no argument or one " + std::string(levelKind_) + ", " + levelList
                                      : "takes exactly one " + std::string(levelKind_) + ", one of " + levelList);
      return false;
    }
    clang::IdentifierLoc* arg = A.getArgAsIdent(0);
    std::string level = arg->getIdentifierInfo()->getName().str();
    for (const std::string& l : levels_)
      if (l == level) {
        annotation += "." + level;
        return true;
      }
    report(S, arg->getLoc(), DiagID::err_attr_unknown_level) << levelKind_ << level << levelList;
    return false;
  }

  const char* name_;
  std::string scoped_;
  Subject subject_;
  bool levelOptional_ = false;  // the level may be left out (`[[exo::shared]]`)
  std::vector<std::string> levels_;
  const char* levelKind_;
  Spelling spellings_[2];
};

/// `[[exo::instr(collective, "header", "cuda_function")]]` on an instruction's function
/// (model/Instruction.h): annotation "exo.instr.<collective>|<header>|<cuda_function>".
class InstrAttr : public ExoAttr {
public:
  InstrAttr() : ExoAttr("instr", Subject::Function, model::collectiveNames(/*barriersOnly=*/false), "collective") {}

  AttrHandling handleDeclAttribute(clang::Sema& S, clang::Decl* D, const ParsedAttr& A) const override {
    if (!checkClosed(S, A, A.getScopeName() ? "exo::instr" : "instr")) return AttributeNotApplied;
    if (!A.getScopeName()) {
      report(S, A.getLoc(), DiagID::err_attr_unscoped) << "instr" << "(...)";
      return AttributeNotApplied;
    }
    std::string strings[3];
    bool ok = (A.getNumArgs() == 3 || A.getNumArgs() == 4) && A.isArgIdent(0);
    for (unsigned i = 1; ok && i < A.getNumArgs(); ++i) {
      const auto* lit = A.isArgExpr(i) ? llvm::dyn_cast_or_null<clang::StringLiteral>(A.getArgAsExpr(i)->IgnoreParenImpCasts())
                                       : nullptr;
      ok = lit && lit->getLength() > 0;
      if (ok) strings[i - 1] = lit->getString().str();
    }
    model::AsyncRole role;
    if (ok && A.getNumArgs() == 4) ok = model::parseAsyncRole(strings[2], role);
    if (!ok) {
      report(S, A.getLoc(), DiagID::err_attr_args)
          << "instr" << "takes the issuing collective, the header, the CUDA function and optionally its part in "
                        "asynchronous completion: '[[exo::instr(warp, \"exo/sm80.hpp\", \"exo::sm80::gpu::name\")]]', "
                        "4th argument \"async(queue)\", \"async_commit(queue)\", \"commit(queue)\", \"await(queue)\", "
                        "\"async_ring(queue)\", \"await_ring(queue)\", \"arrive_ring(queue)\" or \"tma_store\"";
      return AttributeNotApplied;
    }
    clang::IdentifierLoc* arg = A.getArgAsIdent(0);
    std::string level = arg->getIdentifierInfo()->getName().str();
    if (!model::findCollective(level)) {
      std::string list;
      for (const std::string& l : model::collectiveNames(false)) list += (list.empty() ? "'" : ", '") + l + "'";
      report(S, arg->getLoc(), DiagID::err_attr_unknown_level) << "collective" << level << list;
      return AttributeNotApplied;
    }
    D->addAttr(clang::AnnotateAttr::Create(S.Context, "exo.instr." + level + "|" + strings[0] + "|" + strings[1] + "|" + strings[2],
                                           nullptr, 0, A.getRange()));
    return AttributeApplied;
  }
};
clang::ParsedAttrInfoRegistry::Add<InstrAttr> registerInstrAttr("exo-instr", "[[exo::instr]]");

#define EXO_ATTR(CLASS, NAME, SUBJECT, LEVELS, KIND)                               \
  struct CLASS : ExoAttr {                                                          \
    CLASS() : ExoAttr(NAME, Subject::SUBJECT, LEVELS, KIND) {}                      \
  };                                                                                \
  clang::ParsedAttrInfoRegistry::Add<CLASS> register##CLASS("exo-" NAME, "[[exo::" NAME "]]");

using Levels = std::vector<std::string>;
EXO_ATTR(KernelAttr, "kernel", FreeFunction, Levels{}, "")
// `[[exo::shared]]`, or `[[exo::shared(swizzle128)]]` (64, 32): the array's rows of 128
// (64, 32) bytes are stored in that swizzle of TMA and wgmma (model/Kernel.h,
// Var::swizzle). On an instruction's operand, `swizzled` takes a tile of any of them.
struct SharedAttr : ExoAttr {
  SharedAttr() : ExoAttr("shared", Subject::Array, Levels{"swizzle128", "swizzle64", "swizzle32", "swizzled"}, "layout") {
    levelOptional_ = true;
  }
};
clang::ParsedAttrInfoRegistry::Add<SharedAttr> registerSharedAttr("exo-shared", "[[exo::shared]]");
EXO_ATTR(RegistersAttr, "registers", Array, Levels{}, "")
// Levels: the rows of the collectives table (model/Collective.h) and block_in_cluster;
// syncs: the rows with a barrier.
EXO_ATTR(ParallelAttr, "parallel", ForLoop, model::parallelLevelNames(), "parallel level")
EXO_ATTR(SyncAttr, "sync", EmptyStatement, model::collectiveNames(/*barriersOnly=*/true), "sync level")
// On an instruction's parameter: the operand is a tensor-core fragment in this layout.
EXO_ATTR(FragmentAttr, "fragment", Array, model::fragmentLayoutNames(), "fragment layout")
// On an instruction's pointer parameter: its meaning only adds to the operand's
// elements (`p[i] += v`), which the CUDA form does atomically (model/Instruction.h).
EXO_ATTR(ReduceAttr, "reduce", Parameter, Levels{"add"}, "reduction operation")

}  // namespace
}  // namespace exo

/// Referenced by the tool so the linker keeps this object (and its registrations).
extern "C" int exoAttributesLinked() { return 1; }
