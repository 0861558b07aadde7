#include "parser/ModelBuilder.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <set>

#include "annotations/ClangDiags.h"
#include "model/Evaluate.h"
#include "model/Walk.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "parser/ConstructNames.h"
#include "parser/LoopHeader.h"

namespace exo {
namespace {

/// The swizzle an `[[exo::shared(...)]]` annotation names: 128, 64 or 32 bytes, -1 for
/// `swizzled` (an operand that takes any of them), 0 for none.
int swizzleOf(llvm::StringRef annotation) {
  if (annotation == "exo.shared.swizzle128") return 128;
  if (annotation == "exo.shared.swizzle64") return 64;
  if (annotation == "exo.shared.swizzle32") return 32;
  if (annotation == "exo.shared.swizzled") return -1;
  return 0;
}

using namespace model;
namespace c = clang;

/// The annotation string of an exo attribute in `attrs` that starts with `prefix`.
template <typename Attrs>
const c::AnnotateAttr* findAnnotation(const Attrs& attrs, llvm::StringRef prefix) {
  for (const c::Attr* a : attrs)
    if (auto* ann = llvm::dyn_cast<c::AnnotateAttr>(a))
      if (ann->getAnnotation().starts_with(prefix)) return ann;
  return nullptr;
}

/// The exo annotations in `attrs` whose string starts with one of `prefixes`.
template <typename Attrs>
std::vector<const c::AnnotateAttr*> exoAnnotations(const Attrs& attrs, std::initializer_list<llvm::StringRef> prefixes) {
  std::vector<const c::AnnotateAttr*> found;
  for (const c::Attr* a : attrs)
    if (auto* ann = llvm::dyn_cast<c::AnnotateAttr>(a))
      for (llvm::StringRef p : prefixes)
        if (ann->getAnnotation().starts_with(p)) found.push_back(ann);
  return found;
}

/// "exo.parallel.block" -> "parallel(block)", "exo.shared" -> "shared".
std::string spelled(const c::AnnotateAttr* a) {
  llvm::StringRef s = a->getAnnotation().drop_front(4);
  auto [name, level] = s.split('.');
  return level.empty() ? name.str() : (name + "(" + level + ")").str();
}

// Math functions a kernel may call: same name and meaning in <cmath> and CUDA.
const char* const kMathFunctions[] = {
    "sqrtf", "expf", "logf", "fabsf", "fmaxf", "fminf", "tanhf", "sinf", "cosf", "powf", "rsqrtf",
    "sqrt",  "exp",  "log",  "fabs",  "fmax",  "fmin",  "tanh",  "sin",  "cos",  "pow",  "floorf",
    "floor", "ceilf", "ceil", "fmaf", "fma", "exp2f", "log2f",
};

class Builder {
public:
  Builder(c::ASTContext& ctx, DiagSink& sink) : ctx_(ctx), sink_(sink) {}

  std::unique_ptr<Kernel> build(const c::FunctionDecl* fn) {
    kernel_ = std::make_unique<Kernel>();
    kernel_->name = fn->getNameAsString();
    if (fn->getPointOfInstantiation().isValid()) kernel_->instanceLoc = toSrcLoc(fn->getPointOfInstantiation());
    if (const c::TemplateArgumentList* args = fn->getTemplateSpecializationArgs())
      if (!instanceName(*args, kernel_->instance, kernel_->templateArgs)) {
        sink_.diag(DiagID::err_kernel_template, kernel_->instanceLoc.valid() ? kernel_->instanceLoc : toSrcLoc(fn->getLocation()),
                   {kernel_->name, "is instantiated with " + kernel_->templateArgs + ", an argument other than a scalar type or an integer"});
        return nullptr;
      }
    if (const c::FunctionTemplateDecl* ft = fn->getPrimaryTemplate(); ft && !allParametersDeduced(ft))
      launcherTemplate(ft, *fn->getTemplateSpecializationArgs());
    for (const c::DeclContext* dc = fn->getDeclContext(); dc; dc = dc->getParent())
      if (const auto* ns = llvm::dyn_cast<c::NamespaceDecl>(dc))
        kernel_->namespaces.insert(kernel_->namespaces.begin(), ns->getNameAsString());
    kernel_->loc = toSrcLoc(fn->getLocation());
    if (!fn->getReturnType()->isVoidType()) {
      sink_.diag(DiagID::err_kernel_return, range(fn->getReturnTypeSourceRange()), {kernel_->name});
      return nullptr;
    }
    std::set<std::string> paramNames;
    for (const c::ParmVarDecl* p : fn->parameters()) {
      if (p->getName().empty()) {
        sink_.diag(DiagID::err_unnamed_param, toSrcLoc(p->getLocation()), {kernel_->name});
        return nullptr;
      }
      // A function parameter pack's instance has one name for all its parameters: the
      // CUDA declared `int xs, float xs` (review of the fifteenth session).
      if (!paramNames.insert(p->getNameAsString()).second) {
        sink_.diag(DiagID::err_unsupported_stmt, toSrcLoc(p->getLocation()),
                   {"a function parameter pack", "write the kernel's parameters out one by one"});
        return nullptr;
      }
      Type t;
      if (!convertType(p->getType(), p->getSourceRange(), t)) return nullptr;
      checkName(p);
      Var* v = kernel_->newVar(p->getNameAsString(), t, VarKind::Param, Memory::Param,
                               toSrcLoc(p->getLocation()));
      vars_[p] = v;
      kernel_->params.push_back(v);
      if (!reductionParam(fn, p, *v)) return nullptr;
    }
    const auto* body = llvm::dyn_cast_or_null<c::CompoundStmt>(fn->getBody());
    if (!body) {  // e.g. a function-try-block
      sink_.diag(DiagID::err_unsupported_stmt, range(fn->getSourceRange()),
                 {"this form of function body", "write the kernel body as a plain '{ ... }' block"});
      return nullptr;
    }
    // exo::extent statements stand at the top, among the assumes, before anything else.
    StmtPtr top = at(Stmt::block(), body);
    for (const c::Stmt* s : body->body()) {
      atKernelTop_ = atKernelTop_ && isLaunchFact(s);
      append(s, top->body);
    }
    atKernelTop_ = false;
    kernel_->body = std::move(top);
    if (!markKernelReductions()) return nullptr;
    return std::move(kernel_);
  }

private:
  SrcRange range(c::SourceRange r) { return toSrcRange(r); }

  /// The spelling of a literal token (empty when it comes from a macro expansion).
  std::string sourceText(c::SourceRange r) {
    if (!r.getBegin().isFileID()) return "";
    return c::Lexer::getSourceText(c::CharSourceRange::getTokenRange(r), ctx_.getSourceManager(), ctx_.getLangOpts())
        .str();
  }

  /// The spelling of a one-token literal, also when it comes from a macro expansion
  /// (`-DSCALE=2.0f`, `#define HALF 0.5f`): the token where it is written, in the
  /// macro's definition or argument. A float literal has no other text to print.
  std::string tokenSpelling(c::SourceLocation loc) {
    const c::SourceManager& sm = ctx_.getSourceManager();
    c::SourceLocation at = sm.getSpellingLoc(loc);
    return c::Lexer::getSourceText(c::CharSourceRange::getTokenRange(at, at), sm, ctx_.getLangOpts()).str();
  }

  /// Where `[[` of the attribute at `attrLoc` (its name token) starts, so that a
  /// statement's range, and fix-its inserted before it, cover the whole attribute.
  c::SourceLocation attributeStart(c::SourceLocation attrLoc) {
    const c::SourceManager& sm = ctx_.getSourceManager();
    if (!attrLoc.isFileID()) return attrLoc;
    bool invalid = false;
    llvm::StringRef buffer = sm.getBufferData(sm.getFileID(attrLoc), &invalid);
    if (invalid) return attrLoc;
    unsigned at = sm.getFileOffset(attrLoc), q = at;
    while (q > 0 && (buffer[q - 1] == ' ' || buffer[q - 1] == '\t')) --q;
    if (q >= 2 && buffer[q - 1] == '[' && buffer[q - 2] == '[')
      return attrLoc.getLocWithOffset(-static_cast<int>(at - q + 2));
    return attrLoc;
  }
  SrcRange range(const c::Stmt* s) { return toSrcRange(s->getSourceRange()); }

  void unsupported(const c::Stmt* s, const std::string& what, const std::string& hint, bool isExpr) {
    sink_.diag(isExpr ? DiagID::err_unsupported_expr : DiagID::err_unsupported_stmt, range(s), {what, hint});
  }

  // ---------------------------------------------------------------- types
  bool scalarKind(c::QualType q, ScalarKind& out) {
    // An enumerator takes part in arithmetic as its promoted type (`enum : unsigned`
    // compares as unsigned): that is its type in the model.
    if (const c::EnumDecl* ed = q.getCanonicalType()->getAsEnumDecl()) {
      c::QualType promoted = ed->getPromotionType();
      q = promoted.isNull() ? ed->getIntegerType() : promoted;
      if (q.isNull()) return false;
    }
    if (const c::CXXRecordDecl* rd = q.getCanonicalType()->getAsCXXRecordDecl()) {
      std::string name = rd->getQualifiedNameAsString();
      if (name == "exo::bf16" || name == "__nv_bfloat16") return out = ScalarKind::BF16, true;
      if (name == "exo::f16" || name == "__half") return out = ScalarKind::F16, true;
      if (name == "exo::mbarrier") return out = ScalarKind::MBarrier, true;
      return false;
    }
    const auto* bt = q.getCanonicalType()->getAs<c::BuiltinType>();
    if (!bt) return false;
    switch (bt->getKind()) {
      case c::BuiltinType::Bool: out = ScalarKind::Bool; return true;
      // Plain char as the target has it: signed (x86-64); an unsigned char target is refused.
      case c::BuiltinType::Char_S: out = ScalarKind::Char; return true;
      case c::BuiltinType::SChar: out = ScalarKind::SChar; return true;
      case c::BuiltinType::UChar: out = ScalarKind::UChar; return true;
      case c::BuiltinType::Short: out = ScalarKind::Short; return true;
      case c::BuiltinType::UShort: out = ScalarKind::UShort; return true;
      case c::BuiltinType::Int: out = ScalarKind::Int; return true;
      case c::BuiltinType::UInt: out = ScalarKind::UInt; return true;
      case c::BuiltinType::Long: case c::BuiltinType::LongLong: out = ScalarKind::Long; return true;
      case c::BuiltinType::ULong: case c::BuiltinType::ULongLong: out = ScalarKind::ULong; return true;
      case c::BuiltinType::Float: out = ScalarKind::Float; return true;
      case c::BuiltinType::Double: out = ScalarKind::Double; return true;
      default: return false;
    }
  }

  bool convertType(c::QualType q, c::SourceRange where, Type& t) {
    t = Type{};
    t.isConst = q.isConstQualified();
    // `long long` keeps its spelling in the launcher's signature (a user's declaration
    // of the launcher must match it), though it is `long`'s 64 bits to the prover.
    auto spelledLongLong = [](c::QualType s) {
      const auto* b = s->getAs<c::BuiltinType>();
      return b && (b->getKind() == c::BuiltinType::LongLong || b->getKind() == c::BuiltinType::ULongLong);
    };
    // volatile means nothing to the sequential program, which is the specification, and
    // the generated code would drop it: refused rather than silently changed.
    bool isVolatile = q.isVolatileQualified();
    if (const auto* pt = q->getAs<c::PointerType>()) {
      t.isPointer = true;
      t.isRestrict = q.isRestrictQualified();
      t.pointeeConst = pt->getPointeeType().isConstQualified();
      isVolatile |= pt->getPointeeType().isVolatileQualified();
      t.longLong = spelledLongLong(pt->getPointeeType());
      if (!isVolatile && scalarKind(pt->getPointeeType(), t.scalar)) return true;
    } else if (!isVolatile && scalarKind(q, t.scalar)) {
      t.longLong = spelledLongLong(q);
      return true;
    }
    sink_.diag(DiagID::err_unsupported_type, range(where), {q.getAsString()});
    return false;
  }

  // ----------------------------------------------------------- statements
  /// Names the generated CUDA uses for itself (exo_tid, exo_block, ...) are off limits.
  void checkName(const c::NamedDecl* d) {
    llvm::StringRef name = d->getName();
    if (name.starts_with("exo_"))
      sink_.diag(DiagID::err_reserved_name, toSrcLoc(d->getLocation()),
                 {d->getNameAsString(), "names starting with 'exo_' are used by the generated CUDA"});
    // The generated kernel reads CUDA's built-ins and its launcher returns the runtime's
    // error codes: a parameter named threadIdx or cudaSuccess hid them, and nvcc rejected
    // the output (review of the fifteenth session).
    static const char* const builtins[] = {"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "clusterDim"};
    for (const char* b : builtins)
      if (name == b)
        sink_.diag(DiagID::err_reserved_name, toSrcLoc(d->getLocation()),
                   {d->getNameAsString(), "it is a CUDA built-in variable, which the generated CUDA reads"});
    // The generated __global__ function is '<kernel>_kernel' (with a suffix per template
    // instance): a parameter of that name hid it from the launcher's launch.
    if (kernel_ && !kernel_->name.empty() && name.starts_with(kernel_->name + "_kernel"))
      sink_.diag(DiagID::err_reserved_name, toSrcLoc(d->getLocation()),
                 {d->getNameAsString(), "the generated CUDA kernel is named '" + kernel_->name + "_kernel'"});
    if (name.starts_with("cuda"))
      sink_.diag(DiagID::err_reserved_name, toSrcLoc(d->getLocation()),
                 {d->getNameAsString(), "names starting with 'cuda' belong to the CUDA runtime, which the generated launcher calls"});
  }

  /// A node made by a model factory, with the source range of `s`.
  StmtPtr at(StmtPtr st, const c::Stmt* s) {
    st->range = range(s);
    return st;
  }

  StmtPtr block(const c::CompoundStmt* cs) {
    StmtPtr b = at(Stmt::block(), cs);
    for (const c::Stmt* s : cs->body()) append(s, b->body);
    return b;
  }

  /// A statement as a Block-or-single statement (for loop and if bodies).
  StmtPtr single(const c::Stmt* s) {
    if (const auto* cs = llvm::dyn_cast<c::CompoundStmt>(s)) return block(cs);
    StmtPtr b = at(Stmt::block(), s);
    append(s, b->body);
    return b;
  }

  /// A loop body. `if (cond) continue;` (or `if (cond) { ...; continue; }`) among its
  /// statements skips the rest of the iteration: it is `if (cond) { ... } else { rest }`,
  /// the model having no jumps. Any other `continue`, and `break`, stay refused.
  StmtPtr loopBody(const c::Stmt* s) {
    StmtPtr b = at(Stmt::block(), s);
    if (const auto* cs = llvm::dyn_cast<c::CompoundStmt>(s))
      appendSkipping(std::vector<const c::Stmt*>(cs->body_begin(), cs->body_end()), 0, b->body);
    else
      appendSkipping({s}, 0, b->body);
    return b;
  }

  void appendSkipping(const std::vector<const c::Stmt*>& stmts, size_t from, std::vector<StmtPtr>& out) {
    for (size_t i = from; i < stmts.size(); ++i) {
      const c::IfStmt* guard = continueGuard(stmts[i]);
      if (!guard) {
        append(stmts[i], out);
        continue;
      }
      ExprPtr cond = expr(guard->getCond());
      StmtPtr then = at(Stmt::block(), guard->getThen());
      if (const auto* tc = llvm::dyn_cast<c::CompoundStmt>(guard->getThen()))
        for (auto it = tc->body_begin(); it + 1 < tc->body_end(); ++it) append(*it, then->body);
      StmtPtr rest = at(Stmt::block(), guard);
      appendSkipping(stmts, i + 1, rest->body);
      if (cond) out.push_back(at(Stmt::ifStmt(cond, std::move(then), std::move(rest)), guard));
      return;
    }
  }

  /// `if (cond) continue;` or `if (cond) { ...; continue; }`: no else, no init, not constexpr.
  static const c::IfStmt* continueGuard(const c::Stmt* s) {
    const auto* is = llvm::dyn_cast<c::IfStmt>(s);
    if (!is || is->getElse() || is->getInit() || is->getConditionVariable() || is->isConstexpr()) return nullptr;
    const c::Stmt* last = is->getThen();
    if (const auto* tc = llvm::dyn_cast<c::CompoundStmt>(last)) {
      if (tc->body_empty()) return nullptr;
      last = tc->body_back();
    }
    return llvm::isa<c::ContinueStmt>(last) ? is : nullptr;
  }

  void append(const c::Stmt* s, std::vector<StmtPtr>& out) {
    if (const auto* as = llvm::dyn_cast<c::AttributedStmt>(s)) return attributed(as, out);
    if (llvm::isa<c::NullStmt>(s)) return;
    if (const auto* cs = llvm::dyn_cast<c::CompoundStmt>(s)) return out.push_back(block(cs));
    if (const auto* fs = llvm::dyn_cast<c::ForStmt>(s)) {
      if (StmtPtr f = forLoop(fs, LoopKind::Seq, {})) out.push_back(std::move(f));
      return;
    }
    if (const auto* ds = llvm::dyn_cast<c::DeclStmt>(s)) {
      for (const c::Decl* d : ds->decls()) declaration(d, out);
      return;
    }
    if (const auto* is = llvm::dyn_cast<c::IfStmt>(s)) return ifStmt(is, out);
    if (const auto* e = llvm::dyn_cast<c::Expr>(s)) return exprStmt(e, out);
    std::string what = constructName(s);
    if (llvm::isa<c::WhileStmt>(s) || llvm::isa<c::DoStmt>(s)) what = "a 'while' loop";
    else if (llvm::isa<c::ReturnStmt>(s)) what = "'return'";
    else if (llvm::isa<c::BreakStmt>(s)) what = "'break'";
    else if (llvm::isa<c::ContinueStmt>(s)) what = "a 'continue' other than 'if (condition) continue;' in a loop's body";
    else if (llvm::isa<c::SwitchStmt>(s)) what = "'switch'";
    else if (llvm::isa<c::GotoStmt>(s)) what = "'goto'";
    unsupported(s, what,
                llvm::isa<c::ContinueStmt>(s)
                    ? "write 'if (condition) continue;' directly in the loop's body, or wrap the rest of the body in an 'if'"
                    : "use 'for' loops with constant or parameter bounds and 'if'",
                false);
  }

  /// Reports two exo attributes of one kind (parallel, sync, memory) on one construct.
  bool duplicated(const std::vector<const c::AnnotateAttr*>& found, const char* construct) {
    if (found.size() < 2) return false;
    // Attribute lists are kept in reverse source order: the later one is found first.
    const c::AnnotateAttr* first = found.back();
    const c::AnnotateAttr* second = found.front();
    if (first->getLocation() > second->getLocation()) std::swap(first, second);
    sink_.diag(DiagID::err_attr_duplicate, toSrcLoc(second->getLocation()), {spelled(second), spelled(first), construct});
    return true;
  }

  void attributed(const c::AttributedStmt* as, std::vector<StmtPtr>& out) {
    if (duplicated(exoAnnotations(as->getAttrs(), {"exo.parallel.", "exo.sync."}), "statement")) return;
    const c::AnnotateAttr* par = findAnnotation(as->getAttrs(), "exo.parallel.");
    const c::AnnotateAttr* sync = findAnnotation(as->getAttrs(), "exo.sync.");
    const c::Stmt* sub = as->getSubStmt();
    if (par) {
      llvm::StringRef level = par->getAnnotation().drop_front(strlen("exo.parallel."));
      // The attribute layer only lets names of the collectives table (and the block loop
      // of a cluster's blocks) through.
      const bool clusterBlocks = level == kClusterBlocksLevel, persistent = level == kPersistentLevel;
      LoopKind k = clusterBlocks || persistent ? LoopKind::Block : loopKindOf(*findCollective(level.str()));
      // The attribute layer only lets exo::parallel onto for statements.
      if (const auto* fs = llvm::dyn_cast<c::ForStmt>(sub))
        if (StmtPtr f = forLoop(fs, k, par->getLocation())) {
          f->clusterBlocks = clusterBlocks;
          f->persistent = persistent;
          out.push_back(std::move(f));
        }
      return;
    }
    if (sync) {
      llvm::StringRef scope = sync->getAnnotation().drop_front(strlen("exo.sync."));
      StmtPtr st = Stmt::sync(findCollective(scope.str())->id);
      st->range = SrcRange{toSrcLoc(attributeStart(sync->getLocation())), toSrcLoc(as->getEndLoc())};
      out.push_back(std::move(st));
      return;
    }
    append(sub, out);  // attributes that are not ours (e.g. [[likely]])
  }

  /// `for (int v = lo; v < hi; ++v | v++ | v += c)`.
  StmtPtr forLoop(const c::ForStmt* fs, LoopKind kind, c::SourceLocation attrLoc) {
    std::string kindName = kind == LoopKind::Seq ? "a sequential" : std::string("a '") + loopKindName(kind) + "'";
    auto bad = [&](const c::Stmt* where, const char* why) -> StmtPtr {
      sink_.diag(DiagID::err_loop_noncanonical, range(where ? where : fs), {kindName, why});
      return nullptr;
    };
    const auto* init = llvm::dyn_cast_or_null<c::DeclStmt>(fs->getInit());
    if (!init || !init->isSingleDecl()) return bad(fs, "the loop must declare exactly one variable");
    const auto* vd = llvm::dyn_cast<c::VarDecl>(init->getSingleDecl());
    if (!vd || !vd->getType()->isIntegerType() || !vd->getInit())
      return bad(init, "the loop variable must be an initialized integer");
    // `b += 1` leaves a bool true: the loop would run on while `1 < hi`.
    if (vd->getType()->isBooleanType()) return bad(init, "the loop variable must be an integer, not bool");
    const auto* cond = llvm::dyn_cast_or_null<c::BinaryOperator>(fs->getCond());
    const bool notEqual = cond && cond->getOpcode() == c::BO_NE;
    if (!cond || (cond->getOpcode() != c::BO_LT && !notEqual) || !refersTo(cond->getLHS(), vd)) {
      if (kind == LoopKind::Seq) return derivedLoop(fs, vd);
      return bad(fs->getCond() ? static_cast<const c::Stmt*>(fs->getCond()) : fs, "the condition must be 'v < hi'");
    }
    int64_t step = 0;
    const c::Expr* inc = fs->getInc() ? fs->getInc()->IgnoreParens() : nullptr;
    if (const auto* u = llvm::dyn_cast_or_null<c::UnaryOperator>(inc)) {
      if (u->isIncrementOp() && refersTo(u->getSubExpr(), vd)) step = 1;
    } else if (const auto* ca = llvm::dyn_cast_or_null<c::CompoundAssignOperator>(inc)) {
      std::optional<llvm::APSInt> c = ca->getRHS()->getIntegerConstantExpr(ctx_);
      if (ca->getOpcode() == c::BO_AddAssign && refersTo(ca->getLHS(), vd) && c && c->isStrictlyPositive()) {
        // `v += c` converts v + c back to v's type: a step past the type's largest value
        // wraps into another step (`int i += 0xFFFFFFFFu` counts down, `unsigned char
        // i += 256` never moves; review of the fifteenth session). The step must be a
        // value of the type.
        const unsigned width = static_cast<unsigned>(ctx_.getIntWidth(vd->getType()));
        const bool isUnsigned = vd->getType()->isUnsignedIntegerOrEnumerationType();
        llvm::APInt largest = isUnsigned ? llvm::APInt::getMaxValue(width) : llvm::APInt::getSignedMaxValue(width);
        llvm::APInt value = c->zextOrTrunc(std::max(c->getBitWidth(), 128u));
        largest = largest.zext(std::max(c->getBitWidth(), 128u));
        if (value.ugt(largest) || value.ugt(llvm::APInt(value.getBitWidth(), static_cast<uint64_t>(INT64_MAX))))
          return bad(ca->getRHS(), "the step must be a positive constant that fits in the loop variable's type");
        step = static_cast<int64_t>(value.getZExtValue());
      }
    }
    if (!step) {
      if (kind == LoopKind::Seq) return derivedLoop(fs, vd);
      return bad(inc ? static_cast<const c::Stmt*>(inc) : fs, "the increment must be '++v', 'v++' or 'v += c'");
    }
    // `v != hi` is `v < hi` when constant steps from a constant start land on a constant
    // bound (`for (int t = 0; t != 256; ++t)`); otherwise the loop may never end.
    if (notEqual) {
      std::optional<llvm::APSInt> lo = vd->getInit()->isValueDependent() ? std::nullopt
                                                                         : vd->getInit()->getIntegerConstantExpr(ctx_);
      std::optional<llvm::APSInt> hi = cond->getRHS()->getIntegerConstantExpr(ctx_);
      if (!lo || !hi || lo->getSignificantBits() > 63 || hi->getSignificantBits() > 63 ||
          hi->getExtValue() < lo->getExtValue() || (hi->getExtValue() - lo->getExtValue()) % step != 0) {
        if (kind == LoopKind::Seq) return derivedLoop(fs, vd);
        return bad(cond, "the condition must be 'v < hi' ('v != hi' only when constant steps from a constant start "
                         "land on a constant bound)");
      }
    }

    checkName(vd);
    Type t;
    if (!convertType(vd->getType(), vd->getSourceRange(), t)) return nullptr;
    Var* v = kernel_->newVar(vd->getNameAsString(), t, VarKind::LoopVar, Memory::Local, toSrcLoc(vd->getLocation()));
    vars_[vd] = v;
    ExprPtr lo = expr(vd->getInit());
    ExprPtr hi = expr(cond->getRHS());
    StmtPtr body = loopBody(fs->getBody());
    if (!lo || !hi) return nullptr;
    StmtPtr f = at(Stmt::forLoop(kind, v, lo, hi, step, std::move(body)), fs);
    if (attrLoc.isValid()) f->range.begin = toSrcLoc(attributeStart(attrLoc));
    // `v < hi` compares in the common type of both sides: an `int` variable against an
    // `unsigned` bound is converted to unsigned (a negative start then ends the loop).
    ScalarKind cmp;
    if (scalarKind(cond->getLHS()->getType(), cmp) && cmp != t.scalar) f->compareAs = cmp;
    return f;
  }

  /// A sequential loop with another header (parser/LoopHeader.h), rewritten as a
  /// canonical loop of a counter `exo_<v>_iter` whose body first computes the variable:
  ///   for (int h = 128; h > 0; h /= 2) B   ->  for (int exo_h_iter = 0; exo_h_iter < 8; ++exo_h_iter) {
  ///                                               const int h = 128 >> exo_h_iter; B }
  ///   for (int i = n - 1; i >= 0; --i) B   ->  for (int exo_i_iter = 0; exo_i_iter < n - 1 + 1; ...) {
  ///                                               const int i = n - 1 - exo_i_iter; B }
  /// The variable takes the same values in the same order as in the C++ loop: a count
  /// down from a start and a bound of parameters and loop variables, or halving and
  /// doubling between constants (their trip count computed here, each value checked to
  /// stay in its type). An inclusive or `v = v + c` ascending loop stays a plain loop.
  StmtPtr derivedLoop(const c::ForStmt* fs, const c::VarDecl* vd) {
    const c::Stmt* where = fs;
    std::string why;
    auto bad = [&](const c::Stmt* at, const std::string& text) -> StmtPtr {
      sink_.diag(DiagID::err_loop_header, range(at ? at : fs), {text});
      return nullptr;
    };
    std::optional<LoopHeader> h = readLoopHeader(ctx_, fs, vd, where, why);
    if (!h) return bad(where, why);
    using U = LoopHeader::Update;
    using C = LoopHeader::Compare;
    const bool up = h->update == U::Add || h->update == U::Shl;
    const bool less = h->compare == C::Less || h->compare == C::LessEqual;
    if (up != less)
      return bad(fs->getCond(), up ? "a loop that counts up must test 'v < hi' or 'v <= hi'"
                                   : "a loop that counts down must test 'v > lo' or 'v >= lo'");
    checkName(vd);
    Type t;
    if (!convertType(vd->getType(), vd->getSourceRange(), t)) return nullptr;
    const bool isUnsigned = t.scalar == ScalarKind::UInt || t.scalar == ScalarKind::ULong;
    if (t.scalar != ScalarKind::Int && t.scalar != ScalarKind::Long && !isUnsigned)
      return bad(fs->getInit(), "a loop that is not 'for (v = lo; v < hi; ++v)' needs an int, unsigned or long variable");
    const unsigned bits = static_cast<unsigned>(ctx_.getIntWidth(vd->getType()));
    const bool inclusive = h->compare == C::LessEqual || h->compare == C::GreaterEqual;

    if (h->update == U::Add) {
      // `v <= hi` is `v < hi + 1` (hi + 1 is checked for overflow like any bound: at the
      // type's largest value the C++ loop never ends); unsigned wraps there instead.
      if (inclusive && isUnsigned) return bad(fs->getCond(), "an unsigned loop variable must be tested with 'v < hi'");
      Var* v = kernel_->newVar(vd->getNameAsString(), t, VarKind::LoopVar, Memory::Local, toSrcLoc(vd->getLocation()));
      vars_[vd] = v;
      ExprPtr lo = expr(vd->getInit());
      ExprPtr hi = expr(h->bound);
      StmtPtr body = loopBody(fs->getBody());
      if (!lo || !hi) return nullptr;
      if (inclusive) hi = at(Expr::binary("+", hi, Expr::intLit(1, t), t), fs->getCond());
      return at(Stmt::forLoop(LoopKind::Seq, v, lo, hi, h->amount, std::move(body)), fs);
    }

    // The counter and the variable, computed from it at the top of each iteration. A
    // count down counts in the variable's type (int or long: as many iterations as
    // values); halving or doubling, at most 64 iterations, in int.
    Type counterType;
    if (h->update == U::Sub) counterType.scalar = t.scalar;
    Var* counter = kernel_->newVar("exo_" + vd->getNameAsString() + "_iter", counterType, VarKind::LoopVar, Memory::Local,
                                   toSrcLoc(vd->getLocation()));
    counter->sourceName = vd->getNameAsString();
    Type valueType = t;
    valueType.isConst = true;
    Var* value = kernel_->newVar(vd->getNameAsString(), valueType, VarKind::Scalar, Memory::Local,
                                 toSrcLoc(vd->getLocation()));
    ExprPtr trips, current;
    if (h->update == U::Sub) {
      // A count down: trips = (start - bound + c - 1) / c for `v > bound` (+ c for `>=`),
      // at most 0 when the loop does not run; v = start - c * k. Signed only: unsigned
      // `v >= 0` never ends, and start - bound wraps.
      if (isUnsigned)
        return bad(fs->getInit(), "a loop that counts down needs a signed variable (an unsigned one wraps below 0)");
      ExprPtr start = expr(vd->getInit()), bound = expr(h->bound);
      if (!start || !bound) return nullptr;
      if (!readsOnlyLoopInvariants(start) || !readsOnlyLoopInvariants(bound))
        return bad(!readsOnlyLoopInvariants(start) ? static_cast<const c::Stmt*>(vd->getInit()) : h->bound,
                   "a loop that counts down must start and end at expressions of parameters, constants and "
                   "enclosing loop variables");
      const int64_t c = h->amount, extra = inclusive ? c : c - 1;
      std::optional<int64_t> s0 = constantValue(*start), b0 = constantValue(*bound);
      if (s0 && b0) {
        const __int128 n = (__int128(*s0) - *b0 + extra) / c;
        trips = at(Expr::intLit(n < 0 ? 0 : static_cast<int64_t>(n), t), fs->getCond());
      } else {
        // (Made here, these sums carry the condition's place: an overflow is reported there.)
        ExprPtr span = b0 && *b0 == 0 ? start : at(Expr::binary("-", start, bound, t), fs->getCond());
        if (extra) span = at(Expr::binary("+", span, Expr::intLit(extra, t), t), fs->getCond());
        trips = c == 1 ? span : at(Expr::binary("/", span, Expr::intLit(c, t), t), fs->getCond());
      }
      ExprPtr k = Expr::varRef(counter, counterType);
      ExprPtr startAgain = expr(vd->getInit());
      if (!startAgain) return nullptr;
      current = at(Expr::binary("-", startAgain, c == 1 ? k : Expr::binary("*", Expr::intLit(c, t), k, t), t), vd->getInit());
    } else {
      // Halving or doubling between constants: v = start >> (k * s) or start << (k * s).
      std::optional<llvm::APSInt> s0 = vd->getInit()->getIntegerConstantExpr(ctx_);
      std::optional<llvm::APSInt> b0 = h->bound->getIntegerConstantExpr(ctx_);
      if (!s0 || !b0 || s0->getSignificantBits() > 64 || b0->getSignificantBits() > 64)
        return bad(!s0 ? static_cast<const c::Stmt*>(vd->getInit()) : h->bound,
                   "a loop that halves or doubles its variable must start and end at constants");
      const int64_t start = s0->isUnsigned() ? static_cast<int64_t>(s0->getZExtValue()) : s0->getExtValue();
      const int64_t bound = b0->isUnsigned() ? static_cast<int64_t>(b0->getZExtValue()) : b0->getExtValue();
      std::optional<int64_t> n = shiftLoopTrips(*h, start, bound, bits, isUnsigned, why);
      if (!n) return bad(fs, why);
      trips = at(Expr::intLit(*n, counterType), fs->getCond());
      ExprPtr k = Expr::varRef(counter, counterType);
      ExprPtr shift = h->amount == 1 ? k : Expr::binary("*", Expr::intLit(h->amount, counterType), k, counterType);
      current = at(Expr::binary(h->update == U::Shr ? ">>" : "<<", Expr::intLit(start, t), shift, t), vd->getInit());
    }
    vars_[vd] = value;
    derivedVars_.insert(value);
    StmtPtr body = loopBody(fs->getBody());
    StmtPtr decl = Stmt::decl(value, current);
    decl->range = range(vd->getSourceRange());
    body->body.insert(body->body.begin(), std::move(decl));
    StmtPtr loop = at(Stmt::forLoop(LoopKind::Seq, counter, Expr::intLit(0, counterType), trips, 1, std::move(body)), fs);
    loop->computes = value;
    return loop;
  }

  /// Whether `e` reads only constants, parameters and loop variables (so that it has the
  /// same value at every iteration of a loop whose header it is in).
  static bool readsOnlyLoopInvariants(const ExprPtr& e) {
    bool ok = true;
    forEachExpr(e, [&](const Expr& x) {
      if (x.kind == ExprKind::Index || x.kind == ExprKind::Call || x.kind == ExprKind::Window) ok = false;
      if (x.kind == ExprKind::VarRef && x.var->kind != VarKind::Param && x.var->kind != VarKind::LoopVar) ok = false;
    });
    return ok;
  }

  bool refersTo(const c::Expr* e, const c::VarDecl* vd) {
    const auto* dr = llvm::dyn_cast<c::DeclRefExpr>(e->IgnoreParenImpCasts());
    return dr && dr->getDecl() == vd;
  }

  void declaration(const c::Decl* d, std::vector<StmtPtr>& out) {
    // A declaration already diagnosed gives no follow-on errors at its uses.
    if (!declare(d, out))
      if (const auto* vd = llvm::dyn_cast<c::VarDecl>(d)) failed_.insert(vd);
  }

  bool declare(const c::Decl* d, std::vector<StmtPtr>& out) {
    if (llvm::isa<c::StaticAssertDecl>(d)) return true;  // checked by the compiler: nothing to run
    const auto* vd = llvm::dyn_cast<c::VarDecl>(d);
    if (!vd || vd->isStaticLocal() || vd->hasExternalStorage()) {
      sink_.diag(DiagID::err_unsupported_stmt, range(d->getSourceRange()),
                 {"this declaration", "declare scalars and arrays of bool, int, unsigned, long, float or double"});
      return false;
    }
    if (duplicated(exoAnnotations(vd->attrs(), {"exo.shared", "exo.registers"}), "declaration")) {
      return false;
    }
    const c::AnnotateAttr* shared = findAnnotation(vd->attrs(), "exo.shared");
    const c::AnnotateAttr* regs = findAnnotation(vd->attrs(), "exo.registers");
    StmtPtr st = Stmt::decl(nullptr);  // var and init below
    st->range = range(vd->getSourceRange());
    c::QualType q = vd->getType();
    Type t;
    std::vector<int64_t> dims;
    while (const auto* at = ctx_.getAsConstantArrayType(q)) {
      dims.push_back(at->getSize().getSExtValue());
      q = at->getElementType();
    }
    if (q->isArrayType()) {
      sink_.diag(DiagID::err_array_extent, range(vd->getSourceRange()), {vd->getNameAsString()});
      return false;
    }
    if (!convertType(q, vd->getSourceRange(), t)) return false;
    if (t.isPointer) {
      sink_.diag(DiagID::err_unsupported_stmt, range(vd->getSourceRange()),
                 {"a local pointer", "index the array it points into directly (a pointer parameter, a shared or a register array)"});
      return false;
    }
    checkName(vd);
    Memory mem = shared ? Memory::Shared : regs ? Memory::Registers : Memory::Local;
    if (t.scalar == ScalarKind::MBarrier && (mem != Memory::Shared || dims.empty())) {
      sink_.diag(DiagID::err_mbarrier_elementwise, range(vd->getSourceRange()), {vd->getNameAsString()});
      return false;
    }
    // A ring is a whole 1-D array of mbarriers, one per slot: a row of a 2-D array passed
    // as a ring was taken for the whole array (its first dimension as the slot count, any
    // row as the same ring; review of the fifteenth session: proven, and a hang).
    if (t.scalar == ScalarKind::MBarrier && dims.size() != 1) {
      sink_.diag(DiagID::err_unsupported_stmt, range(vd->getSourceRange()),
                 {"an array of mbarriers with more than one dimension", "declare one 1-D array per ring"});
      return false;
    }
    if ((shared || regs) && dims.empty()) {
      sink_.diag(DiagID::err_attr_subject, toSrcLoc((shared ? shared : regs)->getLocation()),
                 {shared ? "shared" : "registers", "array declarations"});
      return false;
    }
    st->var = kernel_->newVar(vd->getNameAsString(), t, dims.empty() ? VarKind::Scalar : VarKind::Array, mem,
                              toSrcLoc(vd->getLocation()));
    st->var->dims = dims;
    vars_[vd] = st->var;
    if (const int sw = shared ? swizzleOf(shared->getAnnotation()) : 0) {
      st->var->swizzle = sw;
      std::string why;
      if (sw < 0) why = "'swizzled' names no width (it is for instruction operands)";
      else if (dims.size() < 2) why = "has one dimension";
      else if (dims.back() * t.scalarBytes() != sw)
        why = "its rows are " + std::to_string(dims.back() * t.scalarBytes()) + " bytes";
      else if (dims[dims.size() - 2] % 8 != 0)
        why = "its second-innermost extent " + std::to_string(dims[dims.size() - 2]) + " is not a multiple of 8";
      if (!why.empty()) {
        sink_.diag(DiagID::err_swizzle_shape, range(vd->getSourceRange()),
                   {vd->getNameAsString(), why, shared->getAnnotation().drop_front(strlen("exo.shared.")).str(),
                    sw < 0 ? std::string("128, 64 or 32 bytes, as 'swizzle128', 'swizzle64' or 'swizzle32' says")
                           : std::to_string(sw) + " bytes: " + std::to_string(sw / 2) + " 16-bit or " +
                                 std::to_string(sw / 4) + " 32-bit elements"});
        return false;
      }
    }
    // exo::bf16 / exo::f16 are default-initialized by their (trivial) constructor.
    const auto* defaultInit = llvm::dyn_cast_or_null<c::CXXConstructExpr>(vd->getInit());
    if (vd->hasInit() && !(defaultInit && defaultInit->getNumArgs() == 0)) {
      if (!dims.empty()) {
        sink_.diag(DiagID::err_unsupported_stmt, range(vd->getInit()),
                   {"an array initializer", "fill the array in a loop"});
        return false;
      }
      st->init = expr(vd->getInit());
      if (!st->init) return false;
    }
    out.push_back(std::move(st));
    return true;
  }

  void ifStmt(const c::IfStmt* is, std::vector<StmtPtr>& out) {
    if (is->getInit() || is->getConditionVariable()) {
      unsupported(is, "this form of 'if'", "write 'if (condition)'", false);
      return;
    }
    // `if constexpr`: the branch its (constant) condition takes is the statement; the
    // other one is not even instantiated in a kernel template's instance.
    if (is->isConstexpr()) {
      std::optional<llvm::APSInt> v = is->getCond() ? is->getCond()->getIntegerConstantExpr(ctx_) : std::nullopt;
      if (!v) {
        unsupported(is, "an 'if constexpr' whose condition is not a constant here", "write 'if (condition)'", false);
        return;
      }
      const c::Stmt* taken = v->getBoolValue() ? is->getThen() : is->getElse();
      if (taken) {
        if (StmtPtr t = single(taken)) out.push_back(std::move(t));
      }
      return;
    }
    ExprPtr cond = expr(is->getCond());
    StmtPtr then = single(is->getThen());
    StmtPtr otherwise = is->getElse() ? single(is->getElse()) : nullptr;
    if (cond) out.push_back(at(Stmt::ifStmt(cond, std::move(then), std::move(otherwise)), is));
  }

  void exprStmt(const c::Expr* e, std::vector<StmtPtr>& out) {
    e = e->IgnoreParens();
    if (const auto* ewc = llvm::dyn_cast<c::ExprWithCleanups>(e)) e = ewc->getSubExpr()->IgnoreParens();
    if (const auto* op = llvm::dyn_cast<c::CXXOperatorCallExpr>(e);
        op && op->getOperator() == c::OO_Equal && op->getNumArgs() == 2) {  // exo::bf16 = ...
      ExprPtr lhs = lvalue(op->getArg(0));
      ExprPtr rhs = expr(op->getArg(1));
      if (lhs && rhs) out.push_back(at(Stmt::assign(lhs, "=", rhs), e));
      return;
    }
    if (const auto* call = llvm::dyn_cast<c::CallExpr>(e)) {
      const c::FunctionDecl* fd = call->getDirectCallee();
      if (fd && instrAnnotation(fd)) return instrCall(call, fd, out);
      if (fd && fd->getQualifiedNameAsString() == "exo::aligned") return aligned(call, out);
      if (fd && fd->getQualifiedNameAsString() == "exo::expects" && call->getNumArgs() == 1) {
        if (bindings_.empty()) {
          sink_.diag(DiagID::err_expects_usage, range(call));
          return;
        }
        if (ExprPtr cond = expr(call->getArg(0))) out.push_back(at(Stmt::expects(cond), e));
        return;
      }
      if (fd && fd->getQualifiedNameAsString() == "exo::extent") return extent(call);
      if (fd && fd->getQualifiedNameAsString() == "exo::tile_order") return tileOrder(call);
      if (fd && fd->getQualifiedNameAsString() == "exo::l2_policy") return l2Policy(call);
      if (fd && fd->getQualifiedNameAsString() == "exo::assume" && call->getNumArgs() == 1) {
        if (ExprPtr cond = expr(call->getArg(0))) out.push_back(at(Stmt::assume(cond), e));
        return;
      }
    }
    if (const auto* bo = llvm::dyn_cast<c::BinaryOperator>(e); bo && bo->isAssignmentOp()) {
      ExprPtr lhs = lvalue(bo->getLHS());
      ExprPtr rhs = expr(bo->getRHS());
      if (lhs && rhs) out.push_back(at(Stmt::assign(lhs, bo->getOpcodeStr().str(), rhs), e));
      return;
    }
    if (const auto* u = llvm::dyn_cast<c::UnaryOperator>(e); u && u->isIncrementDecrementOp()) {
      if (ExprPtr lhs = lvalue(u->getSubExpr()))
        out.push_back(at(Stmt::assign(lhs, u->isIncrementOp() ? "+=" : "-=", Expr::intLit(1)), e));
      return;
    }
    unsupported(e, "this expression statement", "statements are assignments, declarations, loops, 'if' and syncs", false);
  }

  /// `exo::extent(A, e1, ...)`: the shape of pointer parameter A, kept on its Var.
  void extent(const c::CallExpr* call) {
    const auto* dr = call->getNumArgs() >= 2
                         ? llvm::dyn_cast<c::DeclRefExpr>(call->getArg(0)->IgnoreParenImpCasts())
                         : nullptr;
    auto it = dr ? vars_.find(llvm::dyn_cast<c::VarDecl>(dr->getDecl())) : vars_.end();
    Var* v = it != vars_.end() ? it->second : nullptr;
    if (!v || !v->isGlobalPointer() || !v->extents.empty() || !atKernelTop_) {
      sink_.diag(DiagID::err_extent_usage, range(call));
      return;
    }
    std::vector<ExprPtr> extents;
    for (unsigned i = 1; i < call->getNumArgs(); ++i) {
      ExprPtr e = expr(call->getArg(i));
      if (!e) return;
      std::string offender = firstNonParameter(e);
      if (!offender.empty()) {
        sink_.diag(DiagID::err_extent_operands, e->range, {offender});
        return;
      }
      extents.push_back(e);
    }
    v->extents = std::move(extents);
    v->extentRange = range(call);
  }

  /// `exo::l2_policy(B, exo::l2::X)`: the L2 hint of pointer parameter B's TMA loads.
  void l2Policy(const c::CallExpr* call) {
    auto bad = [&](const std::string& why) { sink_.diag(DiagID::err_l2_policy_usage, range(call), {why}); };
    if (!atKernelTop_) return bad("must be at the top of the kernel body, next to the assumes");
    const auto* dr = call->getNumArgs() == 2 ? llvm::dyn_cast<c::DeclRefExpr>(call->getArg(0)->IgnoreParenImpCasts())
                                             : nullptr;
    auto it = dr ? vars_.find(llvm::dyn_cast<c::VarDecl>(dr->getDecl())) : vars_.end();
    Var* v = it != vars_.end() ? it->second : nullptr;
    if (!v || !v->isGlobalPointer()) return bad("takes a pointer parameter of the kernel and an exo::l2 constant");
    if (v->l2Policy != L2Policy::None) return bad("is given twice for '" + v->name + "'");
    c::Expr::EvalResult how;
    if (!call->getArg(1)->EvaluateAsInt(how, ctx_)) return bad("takes a constant exo::l2 (evict_first or evict_last)");
    const int64_t h = how.Val.getInt().getExtValue();
    if (h < 0 || h > 1) return bad("takes exo::l2::evict_first or exo::l2::evict_last");
    v->l2Policy = h == 0 ? L2Policy::EvictFirst : L2Policy::EvictLast;
    v->l2PolicyRange = range(call);
  }

  /// `exo::tile_order(exo::order::X, group)`: both arguments constants.
  void tileOrder(const c::CallExpr* call) {
    using Kind = Kernel::TileOrder::Kind;
    auto bad = [&](const std::string& why) { sink_.diag(DiagID::err_tile_order, range(call), {why}); };
    if (!atKernelTop_) return bad("must be at the top of the kernel body, next to the assumes");
    if (kernel_->tileOrder.kind != Kind::Default) return bad("is given twice");
    c::Expr::EvalResult how, group;
    if (call->getNumArgs() != 2 || !call->getArg(0)->EvaluateAsInt(how, ctx_) || !call->getArg(1)->EvaluateAsInt(group, ctx_))
      return bad("takes an exo::order and a constant group size");
    const int64_t h = how.Val.getInt().getExtValue(), g = group.Val.getInt().getExtValue();
    static const Kind kinds[] = {Kind::RowMajor, Kind::ColumnMajor, Kind::GroupedRows, Kind::GroupedColumns};
    if (h < 0 || h > 3) return bad("takes an exo::order");
    const Kind kind = kinds[h];
    const bool grouped = kind == Kind::GroupedRows || kind == Kind::GroupedColumns;
    if (grouped && (g < 1 || g > 65536)) return bad("groups 1 .. 65536 rows or columns, not " + std::to_string(g));
    if (!grouped && g != 1) return bad("takes a group size only for grouped orders");
    kernel_->tileOrder = Kernel::TileOrder{kind, g, range(call)};
  }

  ExprPtr lvalue(const c::Expr* e) {
    ExprPtr lv = expr(e);
    if (!lv) return nullptr;
    if (lv->kind == ExprKind::VarRef && lv->var->kind == VarKind::Param) {
      sink_.diag(DiagID::err_param_assigned, range(e), {lv->var->name})
          .diag(DiagID::note_declared_here, lv->var->loc, {lv->var->name});
      return nullptr;
    }
    if (lv->kind == ExprKind::VarRef && (lv->var->kind == VarKind::LoopVar || derivedVars_.count(lv->var))) {
      sink_.diag(DiagID::err_loop_var_assigned, range(e), {lv->var->name})
          .diag(DiagID::note_declared_here, lv->var->loc, {lv->var->name});
      return nullptr;
    }
    if (lv->kind != ExprKind::VarRef && lv->kind != ExprKind::Index) {
      unsupported(e, "this assignment target", "assign to a variable or an array element", true);
      return nullptr;
    }
    return lv;
  }

  // ---------------------------------------------------------- expressions
  /// The model type of a Clang expression (its scalar kind; int if none).
  Type typeOf(const c::Expr* e) {
    Type t;
    ScalarKind sk;
    if (scalarKind(e->getType(), sk)) t.scalar = sk;
    return t;
  }

  /// A node made by a model factory, with the source range of `e`.
  ExprPtr at(ExprPtr x, const c::Expr* e) {
    x->range = range(e);
    return x;
  }

  ExprPtr expr(const c::Expr* e) {
    e = e->IgnoreParens();
    if (const auto* ice = llvm::dyn_cast<c::ImplicitCastExpr>(e)) return implicitCast(ice);
    if (const auto* il = llvm::dyn_cast<c::IntegerLiteral>(e)) {
      bool isUnsigned = il->getType()->isUnsignedIntegerType();
      ExprPtr x = at(Expr::intLit(isUnsigned ? static_cast<int64_t>(il->getValue().getZExtValue())
                                             : il->getValue().getSExtValue(),
                                  typeOf(e)),
                     e);
      x->spelling = sourceText(il->getSourceRange());  // keeps 6u, 0xFFu, 1L: their types matter
      return x;
    }
    if (const auto* bl = llvm::dyn_cast<c::CXXBoolLiteralExpr>(e)) {
      return at(Expr::intLit(bl->getValue(), typeOf(e)), e);
    }
    // sizeof(T), alignof(T), sizeof...(Ns): constants of the instance (the value, as
    // CUDA's types may be spelled differently: exo::bf16 is __nv_bfloat16 there).
    if (llvm::isa<c::UnaryExprOrTypeTraitExpr>(e) || llvm::isa<c::SizeOfPackExpr>(e)) {
      c::Expr::EvalResult r;
      if (!e->isValueDependent() && e->EvaluateAsInt(r, ctx_) && r.Val.isInt())
        return at(Expr::intLit(static_cast<int64_t>(r.Val.getInt().getZExtValue()), typeOf(e)), e);
    }
    if (const auto* fl = llvm::dyn_cast<c::FloatingLiteral>(e)) {
      return at(Expr::floatLit(fl->getValueAsApproximateDouble(), tokenSpelling(fl->getLocation()), typeOf(e)), e);
    }
    if (const auto* dr = llvm::dyn_cast<c::DeclRefExpr>(e)) return declRef(dr);
    // A helper's default argument: its expression as the declaration writes it.
    if (const auto* da = llvm::dyn_cast<c::CXXDefaultArgExpr>(e)) return expr(da->getExpr());
    if (llvm::isa<c::ArraySubscriptExpr>(e)) return subscript(e);
    if (const auto* u = llvm::dyn_cast<c::UnaryOperator>(e)) {
      c::UnaryOperatorKind op = u->getOpcode();
      if (op == c::UO_Minus || op == c::UO_Plus || op == c::UO_LNot || op == c::UO_Not) {
        ExprPtr a = expr(u->getSubExpr());
        if (!a) return nullptr;
        return at(Expr::unary(c::UnaryOperator::getOpcodeStr(op).str(), a, typeOf(e)), e);
      }
      unsupported(e, "'" + c::UnaryOperator::getOpcodeStr(op).str() + "' inside an expression",
                  "write increments and address arithmetic as separate statements or indices", true);
      return nullptr;
    }
    if (const auto* bo = llvm::dyn_cast<c::BinaryOperator>(e)) {
      if (bo->isAssignmentOp() || bo->getOpcode() == c::BO_Comma || bo->isPtrMemOp()) {
        unsupported(e, "'" + bo->getOpcodeStr().str() + "' inside an expression", "make it a statement", true);
        return nullptr;
      }
      if (bo->getLHS()->getType()->isPointerType() || bo->getRHS()->getType()->isPointerType()) {
        unsupported(e, "pointer arithmetic", "index the pointer parameter: 'p[i]'", true);
        return nullptr;
      }
      ExprPtr l = expr(bo->getLHS()), r = expr(bo->getRHS());
      if (!l || !r) return nullptr;
      return at(Expr::binary(bo->getOpcodeStr().str(), l, r, typeOf(e)), e);
    }
    if (const auto* co = llvm::dyn_cast<c::ConditionalOperator>(e)) {
      ExprPtr a = expr(co->getCond()), b = expr(co->getTrueExpr()), d = expr(co->getFalseExpr());
      if (!a || !b || !d) return nullptr;
      return at(Expr::select(a, b, d, typeOf(e)), e);
    }
    if (const auto* ce = llvm::dyn_cast<c::ExplicitCastExpr>(e)) {
      ScalarKind sk;
      if (!scalarKind(ce->getTypeAsWritten(), sk)) {
        sink_.diag(DiagID::err_unsupported_type, range(e), {ce->getTypeAsWritten().getAsString()});
        return nullptr;
      }
      ExprPtr a = expr(ce->getSubExprAsWritten());
      if (!a) return nullptr;
      Type to = typeOf(e);
      if (a->type.scalar == to.scalar && (to.scalar == ScalarKind::BF16 || to.scalar == ScalarKind::F16)) return a;
      return at(Expr::cast(to, a, /*implicit=*/false), e);
    }
    // exo::bf16 / exo::f16 are classes in the sequential build: copies, conversions
    // from float (constructors) and to float (conversion operators).
    // A template's constant parameter in an instantiated instruction body (`j < N`).
    // Its replacement literal sits at the parameter's name (`W`): keep the value, not that text.
    if (const auto* nt = llvm::dyn_cast<c::SubstNonTypeTemplateParmExpr>(e)) {
      ExprPtr x = expr(nt->getReplacement());
      if (x && x->kind == ExprKind::IntLit && llvm::isa<c::IntegerLiteral>(nt->getReplacement()->IgnoreParenImpCasts()))
        x->spelling.clear();
      return x;
    }
    if (const auto* mt = llvm::dyn_cast<c::MaterializeTemporaryExpr>(e)) return expr(mt->getSubExpr());
    if (const auto* ewc = llvm::dyn_cast<c::ExprWithCleanups>(e)) return expr(ewc->getSubExpr());
    if (const auto* bt = llvm::dyn_cast<c::CXXBindTemporaryExpr>(e)) return expr(bt->getSubExpr());
    if (const auto* ce = llvm::dyn_cast<c::CXXConstructExpr>(e); ce && ce->getNumArgs() == 1) {
      ExprPtr a = expr(ce->getArg(0));
      if (!a) return nullptr;
      if (ce->getConstructor()->isCopyOrMoveConstructor()) return a;
      return at(Expr::cast(typeOf(e), a, /*implicit=*/true), e);
    }
    if (const auto* mc = llvm::dyn_cast<c::CXXMemberCallExpr>(e);
        mc && llvm::isa_and_nonnull<c::CXXConversionDecl>(mc->getMethodDecl())) {
      ExprPtr a = expr(mc->getImplicitObjectArgument());
      if (!a) return nullptr;
      return at(Expr::cast(typeOf(e), a, /*implicit=*/true), e);
    }
    if (const auto* call = llvm::dyn_cast<c::CallExpr>(e)) return callValue(call);
    unsupported(e, constructName(e), "see the language reference in README.md", true);
    return nullptr;
  }

  /// C++'s own conversions: kept as an implicit Cast where they can change a value
  /// (signed <-> unsigned, narrowing, to bool), dropped where they cannot (int -> long,
  /// bool -> int, promotions of an enumerator to its own type).
  ExprPtr implicitCast(const c::ImplicitCastExpr* ice) {
    ExprPtr inner = expr(ice->getSubExpr());
    if (!inner) return nullptr;
    ScalarKind to;
    c::CastKind ck = ice->getCastKind();
    if ((ck == c::CK_UserDefinedConversion || ck == c::CK_ConstructorConversion) && scalarKind(ice->getType(), to) &&
        to != inner->type.scalar) {
      Type t = typeOf(ice);
      if (inner->kind == ExprKind::Cast && inner->implicit && inner->type.scalar == to) return inner;
      return at(Expr::cast(t, inner, /*implicit=*/true), ice);
    }
    if ((ck != c::CK_IntegralCast && ck != c::CK_IntegralToBoolean) || !scalarKind(ice->getType(), to)) return inner;
    ScalarKind from = inner->type.scalar;
    if (integerBits(from) == 0 || integerBits(to) == 0 || conversionKeepsValue(from, to)) return inner;
    if (inner->kind == ExprKind::IntLit) {  // a converted literal is a literal of the new type
      Wide converted = convertInteger(inner->ival, to);
      auto lit = std::make_shared<Expr>(*inner);
      if (converted != Wide(inner->ival)) lit->spelling.clear();  // print the value C++ uses
      lit->ival = static_cast<int64_t>(converted);
      lit->type.scalar = to;
      return lit;
    }
    return at(Expr::cast(typeOf(ice), inner, /*implicit=*/true), ice);
  }

  ExprPtr declRef(const c::DeclRefExpr* dr) {
    const c::ValueDecl* d = dr->getDecl();
    if (auto in = inlined_.find(d); in != inlined_.end()) return in->second;  // a helper's parameter
    if (const Binding* b = bindingOf(d)) {
      if (b->value) return b->value;  // a scalar operand: its value at the call
      unsupported(dr, "using array operand '" + d->getNameAsString() + "' whole", "index it element by element", true);
      return nullptr;
    }
    if (const auto* vd = llvm::dyn_cast<c::VarDecl>(d)) {
      if (failed_.count(vd)) return nullptr;  // its declaration was already diagnosed
      auto it = vars_.find(vd);
      // A `constexpr int` (or `const int` with a constant initializer) declared in the
      // kernel is a constant like one declared outside: trip counts may use it.
      if (it != vars_.end() && vd->getType()->isIntegralOrEnumerationType() &&
          vd->isUsableInConstantExpressions(ctx_))
        if (std::optional<llvm::APSInt> v = dr->getIntegerConstantExpr(ctx_)) {
          ExprPtr x = at(Expr::intLit(v->isUnsigned() ? static_cast<int64_t>(v->getZExtValue()) : v->getExtValue(),
                                      typeOf(dr)),
                         dr);
          x->spelling = vd->getNameAsString();  // printed by name: the declaration is printed too
          return x;
        }
      if (it != vars_.end()) {
        return at(Expr::varRef(it->second, typeOf(dr)), dr);
      }
    }
    // A constant from outside the kernel (constexpr int TILE = 32; an enumerator).
    if (std::optional<llvm::APSInt> v = dr->getIntegerConstantExpr(ctx_)) {
      // Typed like the constant: printed with its suffix.
      return at(Expr::intLit(v->isUnsigned() ? static_cast<int64_t>(v->getZExtValue()) : v->getExtValue(), typeOf(dr)),
                dr);
    }
    // A floating-point constant from outside the kernel (`constexpr float kEps = 1e-5f`,
    // or a `const double` with a constant initializer: C++ does not let constant
    // expressions read that one, but nothing may change it unless it is volatile): its
    // value, exactly.
    if (const auto* vd = llvm::dyn_cast<c::VarDecl>(d);
        vd && vd->getType()->isRealFloatingType() && !vars_.count(vd) && vd->getType().isConstQualified() &&
        !vd->getType().isVolatileQualified() && vd->hasConstantInitialization()) {
      ScalarKind k;
      const c::APValue* v = vd->evaluateValue();
      if (v && v->isFloat() && scalarKind(dr->getType(), k) && (k == ScalarKind::Float || k == ScalarKind::Double))
        return at(floatConstant(v->getFloat(), typeOf(dr), d->getNameAsString()), dr);
    }
    unsupported(dr, "a reference to '" + d->getNameAsString() + "' from outside the kernel",
                "pass it as a parameter or make it a constexpr integer or floating-point constant", true);
    return nullptr;
  }

  ExprPtr subscript(const c::Expr* e) {
    std::vector<const c::Expr*> idx;
    const c::Expr* base = e;
    while (const auto* as = llvm::dyn_cast<c::ArraySubscriptExpr>(base->IgnoreParenImpCasts())) {
      idx.insert(idx.begin(), as->getIdx());
      base = as->getBase();
    }
    const auto* dr = llvm::dyn_cast<c::DeclRefExpr>(base->IgnoreParenImpCasts());
    const auto* baseVar = dr ? llvm::dyn_cast<c::VarDecl>(dr->getDecl()) : nullptr;
    if (failed_.count(baseVar)) return nullptr;  // its declaration was already diagnosed
    std::vector<ExprPtr> indices;
    Var* v = nullptr;
    if (const Binding* b = bindingOf(baseVar); b && b->var) {  // an instruction's operand: its tile
      v = b->var;
      indices = b->prefix;
    } else {
      auto it = baseVar ? vars_.find(baseVar) : vars_.end();
      if (it == vars_.end()) {
        unsupported(e, "indexing this expression", "index an array or a pointer parameter by name", true);
        return nullptr;
      }
      v = it->second;
    }
    size_t given = indices.size() + idx.size();
    size_t rank = v->isArray() ? v->dims.size() : 1;
    if (!v->isArray() && !v->isGlobalPointer()) {
      unsupported(e, "indexing a scalar", "index an array or a pointer parameter", true);
      return nullptr;
    }
    if (given != rank) {
      unsupported(e, "a partial or excess index of '" + v->name + "'", "give exactly one index per dimension", true);
      return nullptr;
    }
    for (const c::Expr* i : idx) {
      ExprPtr ie = expr(i);
      if (!ie) return nullptr;
      indices.push_back(ie);
    }
    return at(Expr::index(v, std::move(indices), typeOf(e)), e);
  }

  /// A standard library function (global or std::, declared in a system header): a
  /// user's `my::expf` or `my::min` is not the library's.
  bool fromStandardLibrary(const c::FunctionDecl* fd) const {
    const c::DeclContext* dc = fd ? fd->getDeclContext()->getRedeclContext() : nullptr;
    return fd && (dc->isTranslationUnit() || fd->isInStdNamespace()) &&
           ctx_.getSourceManager().isInSystemHeader(fd->getLocation());
  }

  /// A call inside an expression. In order: a call C++ evaluates at compile time
  /// (`ceil_div(N, 128)` with constants) is its value; std::min / std::max and an
  /// integer abs are selects, a floating one fabsf / fabs, with the library's meaning; a
  /// helper whose body is one `return` is inlined; else a <cmath> function.
  ExprPtr callValue(const c::CallExpr* call) {
    Type t = typeOf(call);
    bool builtinArithmetic = scalarKindOf(call->getType()) && t.scalar != ScalarKind::Bool &&
                             t.scalar != ScalarKind::BF16 && t.scalar != ScalarKind::F16 &&
                             t.scalar != ScalarKind::MBarrier;
    if (builtinArithmetic && t.isIntegral() && !call->isValueDependent())
      if (std::optional<llvm::APSInt> v = call->getIntegerConstantExpr(ctx_))
        return at(Expr::intLit(v->isUnsigned() ? static_cast<int64_t>(v->getZExtValue()) : v->getExtValue(), t), call);
    const c::FunctionDecl* fd = call->getDirectCallee();
    if (builtinArithmetic && t.isFloating() && !call->isValueDependent())
      if (ExprPtr constant = floatConstantCall(call, t)) return constant;
    std::string name = fd ? fd->getNameAsString() : "";
    if (builtinArithmetic && fromStandardLibrary(fd)) {
      Type boolean;
      boolean.scalar = ScalarKind::Bool;
      if ((name == "min" || name == "max") && fd->isInStdNamespace() && call->getNumArgs() == 2) {
        ExprPtr a = expr(call->getArg(0)), b = expr(call->getArg(1));
        if (!a || !b) return nullptr;
        // libstdc++'s and the standard's: min is `b < a ? b : a`, max `a < b ? b : a`
        // (equal values, or a NaN, give a).
        if (name == "min") return at(Expr::select(at(Expr::binary("<", b, a, boolean), call), b, a, t), call);
        return at(Expr::select(at(Expr::binary("<", a, b, boolean), call), b, a, t), call);
      }
      if ((name == "abs" || name == "labs" || name == "llabs") && call->getNumArgs() == 1) {
        ExprPtr a = expr(call->getArg(0));
        if (!a) return nullptr;
        if (t.scalar == ScalarKind::Float || t.scalar == ScalarKind::Double)
          return at(Expr::call(t.scalar == ScalarKind::Float ? "fabsf" : "fabs", {a}, t), call);
        if (t.isIntegral()) {  // -a of the most negative value overflows, as in C++: the prover checks it
          ExprPtr zero = at(Expr::intLit(0, t), call);
          return at(Expr::select(at(Expr::binary("<", a, zero, boolean), call), at(Expr::unary("-", a, t), call), a, t),
                    call);
        }
      }
    }
    if (ExprPtr inlined = helperCall(call)) return inlined;
    if (failedHelper_) return nullptr;
    return mathCall(call);
  }

  /// A floating-point constant spelled as a call: `INFINITY` and `NAN` (glibc's
  /// `__builtin_inff()`, `__builtin_nanf("")`), `HUGE_VALF`, and
  /// `std::numeric_limits<float>::infinity()`, `max()`, `lowest()`, `epsilon()`. Only calls
  /// without arguments (or a builtin's string argument): a constant-folded math call
  /// (`expf(1.f)`) could differ from the GPU's by an ulp. Printed so that g++ and nvcc
  /// read the same value: a builtin for infinity and NaN, a hexadecimal literal else.
  ExprPtr floatConstantCall(const c::CallExpr* call, const Type& t) {
    for (const c::Expr* a : call->arguments())
      if (!llvm::isa<c::StringLiteral>(a->IgnoreParenImpCasts())) return nullptr;
    llvm::APFloat v(0.0);
    if (!call->EvaluateAsFloat(v, ctx_)) return nullptr;
    return at(floatConstant(v, t, ""), call);
  }

  /// A floating-point constant as a literal that g++ and nvcc read as the same value: a
  /// builtin for infinity and NaN, a hexadecimal literal else (`name`, when given, follows
  /// in a comment: the constant's name stays readable in the generated CUDA).
  static ExprPtr floatConstant(const llvm::APFloat& v, const Type& t, const std::string& name) {
    const bool single = t.scalar == ScalarKind::Float;
    bool lost = false;
    llvm::APFloat wide = v;
    wide.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
    const double d = wide.convertToDouble();
    std::string spelling;
    if (v.isInfinity()) {
      spelling = std::string(v.isNegative() ? "-" : "") + (single ? "__builtin_inff()" : "__builtin_inf()");
    } else if (v.isNaN()) {
      spelling = single ? "__builtin_nanf(\"\")" : "__builtin_nan(\"\")";
    } else {
      char text[64];
      std::snprintf(text, sizeof text, "%a%s", d, single ? "f" : "");
      spelling = text;
    }
    if (!name.empty()) spelling = "(" + spelling + " /* " + name + " */)";
    return Expr::floatLit(d, spelling, t);
  }

  /// A user's helper function whose body is `return <expression>;` over scalar
  /// parameters (`constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }`):
  /// its expression with the arguments' values for the parameters, located at the call
  /// (the CUDA kernel needs no copy of the helper). Null, with failedHelper_ set when a
  /// diagnostic was given, if the call is no such helper.
  ExprPtr helperCall(const c::CallExpr* call) {
    failedHelper_ = false;
    const c::FunctionDecl* fd = call->getDirectCallee();
    const c::FunctionDecl* def = nullptr;
    if (!fd || fromStandardLibrary(fd) || instrAnnotation(fd) || llvm::isa<c::CXXMethodDecl>(fd) ||
        !fd->hasBody(def) || !def || fd->getQualifiedNameAsString().rfind("exo::", 0) == 0 || fd->isVariadic())
      return nullptr;
    const auto* body = llvm::dyn_cast_or_null<c::CompoundStmt>(def->getBody());
    const auto* ret = body && body->size() == 1 ? llvm::dyn_cast<c::ReturnStmt>(body->body_front()) : nullptr;
    if (!ret || !ret->getRetValue() || !scalarKindOf(def->getReturnType()) || call->getNumArgs() != def->getNumParams())
      return nullptr;
    for (const c::ParmVarDecl* p : def->parameters())
      if (!scalarKindOf(p->getType().getNonReferenceType())) return nullptr;
    if (inlining_.count(def)) {
      unsupported(call, "a recursive call of '" + fd->getNameAsString() + "'", "write the recursion as a loop", true);
      failedHelper_ = true;
      return nullptr;
    }
    std::vector<ExprPtr> args;
    for (const c::Expr* a : call->arguments()) {
      ExprPtr x = expr(a);
      if (!x) return failedHelper_ = true, nullptr;
      args.push_back(x);
    }
    // C++ evaluates every argument once, before the call; inlined, an argument is
    // evaluated where its parameter is read. An argument the helper reads only in an arm
    // of `?:` or after `&&` / `||`, or not at all, would leave its reads, divisions and
    // overflows out of the proof (`pick(t < 63, x[t + 1], 0.f)` reads x[64] at t = 63:
    // review of the twentieth session). A variable or a literal cannot fail; any other
    // argument must be read unconditionally.
    for (unsigned i = 0; i < args.size(); ++i)
      if (!cannotFail(*args[i]) && !evaluatesAlways(ret->getRetValue(), def->getParamDecl(i))) {
        unsupported(call->getArg(i),
                    "an argument that '" + fd->getNameAsString() + "' reads only under a condition, or not at all,",
                    "C++ evaluates every argument before the call: compute it into a variable in the kernel first, "
                    "or read the parameter unconditionally in the helper",
                    true);
        return failedHelper_ = true, nullptr;
      }
    std::map<const c::Decl*, ExprPtr> saved = inlined_;
    for (unsigned i = 0; i < args.size(); ++i) inlined_[def->getParamDecl(i)] = args[i];
    inlining_.insert(def);
    ExprPtr value = expr(ret->getRetValue());
    inlining_.erase(def);
    inlined_ = std::move(saved);
    if (!value) {
      sink_.diag(DiagID::note_access, range(call), {"the call of '" + fd->getNameAsString() + "'"});
      return failedHelper_ = true, nullptr;
    }
    // The helper's own nodes take the call's place in diagnostics; the arguments keep theirs.
    std::set<const Expr*> fromArgs;
    for (const ExprPtr& a : args) fromArgs.insert(a.get());
    locateAtCall(value, fromArgs, range(call));
    return value;
  }

  /// An argument whose evaluation has nothing to prove: a variable, a literal, or one
  /// converted.
  static bool cannotFail(const Expr& e) {
    if (e.kind == ExprKind::Cast && e.args.size() == 1 && e.args[0]) return cannotFail(*e.args[0]);
    return e.kind == ExprKind::VarRef || e.kind == ExprKind::IntLit || e.kind == ExprKind::FloatLit;
  }

  /// Whether `e` reads parameter `p` whatever the values: outside the arms of `?:`, the
  /// right operands of `&&` and `||`, and unevaluated operands (sizeof).
  static bool evaluatesAlways(const c::Stmt* e, const c::ParmVarDecl* p) {
    if (!e) return false;
    if (const auto* dr = llvm::dyn_cast<c::DeclRefExpr>(e)) return dr->getDecl() == p;
    if (const auto* co = llvm::dyn_cast<c::AbstractConditionalOperator>(e)) return evaluatesAlways(co->getCond(), p);
    if (const auto* bo = llvm::dyn_cast<c::BinaryOperator>(e); bo && bo->isLogicalOp())
      return evaluatesAlways(bo->getLHS(), p);
    if (llvm::isa<c::UnaryExprOrTypeTraitExpr>(e)) return false;
    for (const c::Stmt* child : e->children())
      if (evaluatesAlways(child, p)) return true;
    return false;
  }

  static void locateAtCall(const ExprPtr& e, const std::set<const Expr*>& keep, const SrcRange& at) {
    if (!e || keep.count(e.get())) return;
    e->range = at;
    for (const ExprPtr& a : e->args) locateAtCall(a, keep, at);
  }

  bool scalarKindOf(c::QualType q) {
    ScalarKind sk;
    return !q->isPointerType() && scalarKind(q, sk);
  }

  ExprPtr mathCall(const c::CallExpr* call) {
    const c::FunctionDecl* fd = call->getDirectCallee();
    std::string name = fd ? fd->getNameAsString() : "";
    bool fromCmath = fromStandardLibrary(fd);
    bool ok = false;
    for (const char* m : kMathFunctions) ok |= fromCmath && name == m;
    // exo.hpp's tf32 roundings (instruction meanings use them; __host__ __device__).
    for (const char* f : {"exo::to_tf32", "exo::tf32_truncate"})
      if (fd && fd->getQualifiedNameAsString() == f) ok = true, name = f;
    if (!ok) {
      unsupported(call, "a call to '" + (name.empty() ? std::string("this function") : name) + "'",
                  "kernels may call <cmath> functions such as sqrtf, expf, fmaxf, std::min, std::max, abs, and "
                  "helpers whose body is one 'return' of an expression over scalar parameters", true);
      return nullptr;
    }
    std::vector<ExprPtr> args;
    for (const c::Expr* a : call->arguments()) {
      ExprPtr ae = expr(a);
      if (!ae) return nullptr;
      args.push_back(ae);
    }
    return at(Expr::call(name, std::move(args), typeOf(call)), call);
  }

  // -------------------------------------------------------- instructions
  /// What an instruction's parameter stands for inside its inlined body: a scalar
  /// operand's value, or the array / pointer whose tile the operand is.
  struct Binding {
    ExprPtr value;                // Scalar
    Var* var = nullptr;           // Global, Shared, Registers, Fragment
    std::vector<ExprPtr> prefix;  // the tile's leading indices
  };

  const Binding* bindingOf(const c::Decl* d) const {
    auto it = d ? bindings_.find(d) : bindings_.end();
    return it == bindings_.end() ? nullptr : &it->second;
  }

  /// The `exo.instr.` annotation of a function (or of the template it instantiates).
  static const c::AnnotateAttr* instrAnnotation(const c::FunctionDecl* fd) {
    if (const c::AnnotateAttr* a = findAnnotation(fd->attrs(), "exo.instr.")) return a;
    if (const c::FunctionDecl* pattern = fd->getTemplateInstantiationPattern())
      return findAnnotation(pattern->attrs(), "exo.instr.");
    return nullptr;
  }

  /// The instruction a function declares (one per instantiation: tile extents differ).
  const Instruction* instruction(const c::FunctionDecl* fd) {
    if (auto it = instrs_.find(fd); it != instrs_.end()) return it->second;
    instrs_[fd] = nullptr;  // a declaration in error is reported once, at its first call
    llvm::StringRef ann = instrAnnotation(fd)->getAnnotation().drop_front(strlen("exo.instr."));
    auto [level, rest] = ann.split('|');
    auto [header, rest2] = rest.split('|');
    auto [function, async] = rest2.split('|');
    auto in = std::make_unique<Instruction>();
    in->name = fd->getQualifiedNameAsString();
    in->collective = findCollective(level.str())->id;  // the attribute layer checked the name
    in->header = header.str();
    in->cudaFunction = function.str();
    if (!async.empty()) parseAsyncRole(async.str(), in->async);  // the attribute layer checked it
    const c::FunctionDecl* pattern = fd->getTemplateInstantiationPattern();
    if (const c::TemplateArgumentList* targs = fd->getTemplateSpecializationArgs()) {
      std::string list;
      for (const c::TemplateArgument& a : targs->asArray()) {
        std::string one;
        ScalarKind sk;
        if (a.getKind() == c::TemplateArgument::Integral) {
          one = llvm::toString(a.getAsIntegral(), 10);
          // An await's first integer argument: how many groups may stay in flight.
          if (in->async.awaits() && list.empty()) {
            in->async.pending = a.getAsIntegral().getExtValue();
            // A negative count would complete groups not yet committed (and PTX's
            // wait_group takes an unsigned immediate).
            if (in->async.pending < 0) {
              sink_.diag(DiagID::err_instr_param, toSrcLoc(fd->getLocation()),
                         {"<template arguments>", in->name, "waits with a negative number of groups in flight (" + one + ")"});
              return nullptr;
            }
          }
        } else if (a.getKind() == c::TemplateArgument::Type && scalarKind(a.getAsType(), sk)) {
          Type t;
          t.scalar = sk;
          one = t.scalarSpelling();
        } else {
          sink_.diag(DiagID::err_instr_param, toSrcLoc(fd->getLocation()),
                     {"<template arguments>", in->name, "has a template argument exo cannot print for CUDA"});
          return nullptr;
        }
        list += (list.empty() ? "" : ", ") + one;
      }
      in->templateArgs = "<" + list + ">";
    }
    for (unsigned i = 0; i < fd->getNumParams(); ++i) {
      const c::ParmVarDecl* p = fd->getParamDecl(i);
      const c::ParmVarDecl* written = pattern && i < pattern->getNumParams() ? pattern->getParamDecl(i) : p;
      Operand op;
      op.name = p->getNameAsString();
      auto bad = [&](const std::string& why) {
        sink_.diag(DiagID::err_instr_param, toSrcLoc(written->getLocation()), {op.name, in->name, why});
        return nullptr;
      };
      c::QualType q = p->getType();
      if (findAnnotation(written->attrs(), "exo.reduce.") && !q->isPointerType())
        return bad("is '[[exo::reduce(add)]]', which only a pointer to global memory can be");
      const c::AnnotateAttr* frag = findAnnotation(written->attrs(), "exo.fragment.");
      const c::AnnotateAttr* shared = findAnnotation(written->attrs(), "exo.shared");
      const c::AnnotateAttr* regs = findAnnotation(written->attrs(), "exo.registers");
      if (q->isReferenceType() && q.getNonReferenceType()->isArrayType()) {
        c::QualType el = q.getNonReferenceType();
        while (const auto* at = ctx_.getAsConstantArrayType(el)) {
          op.tileDims.push_back(at->getSize().getSExtValue());
          el = at->getElementType();
        }
        op.writes = !el.isConstQualified();
        if (frag) {
          op.kind = Operand::Kind::Fragment;
          op.layout = findFragmentLayout(frag->getAnnotation().drop_front(strlen("exo.fragment.")).str());
          if (op.tileDims.size() != 2 || !op.layout->fits(op.tileDims[0], op.tileDims[1]))
            return bad("is a fragment of layout '" + std::string(op.layout->name) + "', a " + std::to_string(op.layout->rows) +
                       " x " + (op.layout->cols ? std::to_string(op.layout->cols) : "(multiple of 8)") + " array");
        } else if (shared) {
          op.kind = Operand::Kind::Shared;
          op.swizzle = swizzleOf(shared->getAnnotation());
        } else if (regs) {
          op.kind = Operand::Kind::Registers;
        } else {
          return bad("is an array: say where it lives with '[[exo::shared]]', '[[exo::registers]]' or "
                     "'[[exo::fragment(layout)]]'");
        }
        if (op.kind == Operand::Kind::Fragment && collective(in->collective).threads != op.layout->threads)
          return bad("is a fragment of layout '" + std::string(op.layout->name) + "', spread over " +
                     std::to_string(op.layout->threads) + " threads, but the instruction is issued by " +
                     (collective(in->collective).threads == 1 ? std::string("one thread")
                                                              : std::string("a ") + collective(in->collective).name));
        if (in->collective != CollectiveId::Thread && op.kind == Operand::Kind::Registers)
          return bad("is in one thread's registers, which only a thread instruction can take");
      } else if (q->isPointerType()) {
        op.kind = Operand::Kind::Global;
        op.writes = !q->getPointeeType().isConstQualified();
        if (findAnnotation(written->attrs(), "exo.reduce.")) {
          if (!op.writes) return bad("is '[[exo::reduce(add)]]' but points to const: a reduction writes its operand");
          op.reduceAdd = true;
        }
      } else if (ScalarKind sk; scalarKind(q, sk)) {
        op.kind = Operand::Kind::Scalar;
      } else {
        return bad("has a type exo cannot pass ('" + q.getAsString() + "')");
      }
      in->operands.push_back(std::move(op));
    }
    const Instruction* result = in.get();
    kernel_->instructions.push_back(std::move(in));
    instrs_[fd] = result;
    return result;
  }

  /// The template arguments of a kernel instance: short names joined by '_' (a scalar
  /// type's exo name, an integer's value with 'm' for a minus) and as C++ prints them.
  bool instanceName(const c::TemplateArgumentList& args, std::string& shortName, std::string& spelled) {
    llvm::raw_string_ostream os(spelled);
    c::printTemplateArgumentList(os, args.asArray(), ctx_.getPrintingPolicy());
    // A parameter pack's arguments count one by one (an empty pack adds nothing).
    std::vector<c::TemplateArgument> flat;
    for (const c::TemplateArgument& a : args.asArray()) {
      if (a.getKind() != c::TemplateArgument::Pack) {
        flat.push_back(a);
        continue;
      }
      for (const c::TemplateArgument& e : a.pack_elements()) flat.push_back(e);
    }
    for (const c::TemplateArgument& a : flat) {
      std::string one;
      ScalarKind sk;
      if (a.getKind() == c::TemplateArgument::Integral) {
        llvm::APSInt v = a.getAsIntegral();
        // 'm' for a minus (an identifier); one more bit so that the most negative value negates.
        one = v.isNegative() ? "m" + llvm::toString(-v.extend(v.getBitWidth() + 1), 10) : llvm::toString(v, 10);
      } else if (a.getKind() == c::TemplateArgument::Type && scalarKind(a.getAsType(), sk)) {
        one = scalarShortName(sk);
      } else {
        return false;
      }
      shortName += (shortName.empty() ? "" : "_") + one;
    }
    return true;
  }

  /// Whether every parameter of a function template is a type that a function
  /// parameter's type names (`const T*`, `T`): then the instances' launchers are told
  /// apart as overloads, and called as the sequential function is, by deduction.
  static bool allParametersDeduced(const c::FunctionTemplateDecl* ft) {
    std::set<unsigned> named;
    for (const c::ParmVarDecl* p : ft->getTemplatedDecl()->parameters()) {
      c::QualType q = p->getType().getNonReferenceType();
      while (q->isPointerType()) q = q->getPointeeType();
      if (const auto* tp = q->getAs<c::TemplateTypeParmType>()) named.insert(tp->getIndex());
    }
    const c::TemplateParameterList* list = ft->getTemplateParameters();
    for (unsigned i = 0; i < list->size(); ++i)
      if (!named.count(i)) return false;
    return true;
  }

  /// Kernel::launcherTemplateParams / Args of an instance of `ft` (left empty, and the
  /// launcher an overload, for a parameter pack).
  void launcherTemplate(const c::FunctionTemplateDecl* ft, const c::TemplateArgumentList& args) {
    std::string params, given;
    const c::TemplateParameterList* list = ft->getTemplateParameters();
    if (list->size() != args.size()) return;
    for (unsigned i = 0; i < list->size(); ++i) {
      const c::NamedDecl* p = list->getParam(i);
      const c::TemplateArgument& a = args[i];
      std::string name = p->getNameAsString().empty() ? "exo_T" + std::to_string(i) : p->getNameAsString();
      ScalarKind sk;
      if (const auto* tp = llvm::dyn_cast<c::TemplateTypeParmDecl>(p);
          tp && !tp->isParameterPack() && a.getKind() == c::TemplateArgument::Type && scalarKind(a.getAsType(), sk)) {
        Type t;
        t.scalar = sk;
        params += "class " + name;
        given += t.scalarSpelling();
      } else if (const auto* np = llvm::dyn_cast<c::NonTypeTemplateParmDecl>(p);
                 np && !np->isParameterPack() && a.getKind() == c::TemplateArgument::Integral &&
                 np->getType()->isIntegralOrEnumerationType() && !np->getType()->isEnumeralType()) {
        llvm::APSInt v = a.getAsIntegral();
        params += np->getType().getCanonicalType().getUnqualifiedType().getAsString(ctx_.getPrintingPolicy()) + " " + name;
        given += np->getType()->isBooleanType() ? (v.getBoolValue() ? "true" : "false") : llvm::toString(v, 10);
      } else {
        return;
      }
      if (i + 1 < list->size()) params += ", ", given += ", ";
    }
    kernel_->launcherTemplateParams = params;
    kernel_->launcherTemplateArgs = "<" + given + ">";
  }

  /// A call of an instruction: its operands, and its body inlined with them.
  void instrCall(const c::CallExpr* call, const c::FunctionDecl* fd, std::vector<StmtPtr>& out) {
    if (!bindings_.empty()) {
      unsupported(call, "an instruction call inside an instruction", "instructions do not call each other", false);
      return;
    }
    bool known = instrs_.count(fd);
    const Instruction* in = instruction(fd);
    if (!in && !known) sink_.diag(DiagID::note_access, range(call), {"the call"});
    const c::FunctionDecl* def = nullptr;
    if (!in || !fd->hasBody(def) || !def) {
      if (in) unsupported(call, "a call to instruction '" + in->name + "', which has no body", "define it in its header", false);
      return;
    }
    std::vector<ExprPtr> operands;
    std::map<const c::Decl*, Binding> bindings;
    for (unsigned i = 0; i < call->getNumArgs() && i < in->operands.size(); ++i) {
      const Operand& op = in->operands[i];
      const c::Expr* arg = call->getArg(i);
      Binding b;
      ExprPtr x;
      if (op.kind == Operand::Kind::Scalar) {
        x = expr(arg);
        if (!x) return;
        bool reads = false;
        forEachExpr(x, [&](const Expr& e) { reads |= e.kind == ExprKind::Index; });
        if (reads) {
          sink_.diag(DiagID::err_instr_operand, x->range, {op.name, in->name, "a value that reads no memory (read it into a variable first)"});
          return;
        }
        b.value = x;
      } else {
        x = tile(arg, op, *in);
        if (!x) return;
        b.var = x->var;
        b.prefix = x->args;
      }
      operands.push_back(x);
      bindings[def->getParamDecl(i)] = b;
    }
    bindings_ = std::move(bindings);
    StmtPtr meaning = single(def->getBody());
    bindings_.clear();
    if (!meaning) return;
    if (badBodies_.count(def)) return;  // reported at the first call
    if (!checkInstrBody(*meaning, *in) || !markReductions(*meaning, *in, operands)) {
      badBodies_.insert(def);
      sink_.diag(DiagID::note_access, range(call), {"the call of '" + in->name + "'"});
      return;
    }
    out.push_back(at(Stmt::instrCall(in, std::move(operands), std::move(meaning)), call));
  }

  /// An array operand: `a[i][j]` with fewer indices than a has dimensions (or `a`),
  /// or the kernel's pointer parameter itself.
  ExprPtr tile(const c::Expr* arg, const Operand& op, const Instruction& in) {
    std::vector<const c::Expr*> idx;
    const c::Expr* base = arg->IgnoreParenImpCasts();
    while (const auto* as = llvm::dyn_cast<c::ArraySubscriptExpr>(base)) {
      idx.insert(idx.begin(), as->getIdx());
      base = as->getBase()->IgnoreParenImpCasts();
    }
    const auto* dr = llvm::dyn_cast<c::DeclRefExpr>(base);
    const auto* vd = dr ? llvm::dyn_cast<c::VarDecl>(dr->getDecl()) : nullptr;
    if (failed_.count(vd)) return nullptr;
    auto it = vd ? vars_.find(vd) : vars_.end();
    Var* v = it == vars_.end() ? nullptr : it->second;
    const bool global = op.kind == Operand::Kind::Global;
    if (!v || (global ? !(v->isGlobalPointer() && idx.empty()) : !v->isArray())) {
      sink_.diag(DiagID::err_instr_operand, range(arg),
                 {op.name, in.name,
                  global ? "the kernel's pointer parameter itself (give offsets as integer operands)"
                         : "a tile of one of the kernel's arrays: its name with some leading indices"});
      return nullptr;
    }
    if (global) return at(Expr::varRef(v, v->type), arg);
    Memory need = op.kind == Operand::Kind::Shared ? Memory::Shared : Memory::Registers;
    if (v->memory != need) {
      const char* where = v->memory == Memory::Shared ? "shared memory" : v->memory == Memory::Registers ? "registers" : "a thread's local memory";
      sink_.diag(DiagID::err_instr_operand_memory, range(arg), {op.name, in.name, operandKindName(op.kind), v->name, where})
          .diag(DiagID::note_declared_here, v->loc, {v->name});
      return nullptr;
    }
    if (op.kind == Operand::Kind::Shared && !(v->swizzle == op.swizzle || (op.swizzle < 0 && v->swizzle > 0))) {
      auto what = [](int sw) {
        return sw < 0   ? std::string("a swizzled tile ('exo::shared(swizzle128)', 64 or 32)")
               : sw > 0 ? "a swizzled tile ('exo::shared(swizzle" + std::to_string(sw) + ")')"
                        : std::string("a plain shared tile");
      };
      sink_.diag(DiagID::err_swizzle_operand, range(arg),
                 {op.name, in.name, what(op.swizzle), v->name,
                  v->swizzle ? "swizzled by " + std::to_string(v->swizzle) + " bytes" : "not swizzled"})
          .diag(DiagID::note_declared_here, v->loc, {v->name});
      return nullptr;
    }
    std::vector<ExprPtr> prefix;
    for (const c::Expr* i : idx) {
      ExprPtr ie = expr(i);
      if (!ie) return nullptr;
      prefix.push_back(ie);
    }
    Type t = v->type;
    return at(Expr::window(v, std::move(prefix), t), arg);
  }

  /// What an instruction's meaning may hold: sequential loops, ifs, assignments,
  /// alignment statements and preconditions (no declarations, barriers or parallel loops).
  bool checkInstrBody(Stmt& body, const Instruction& in) {
    std::string bad;
    walkStmts(body, [&](Stmt& s, const std::vector<Stmt*>&) {
      if (!bad.empty()) return false;
      if (s.kind == StmtKind::Decl) bad = "declares '" + s.var->name + "'";
      else if (s.isBarrier()) bad = "has a barrier";
      else if (s.isParallel()) bad = "has a parallel loop";
      else if (s.kind == StmtKind::Assume) bad = "has an 'exo::assume'";
      if (!bad.empty()) sink_.diag(DiagID::err_instr_body, s.range, {in.name, bad});
      return bad.empty();
    });
    return bad.empty();
  }

  /// The `[[exo::reduce(add)]]` operands of an inlined meaning: the meaning may only add
  /// to their elements (`p[i] += v`, which becomes one atomic read-modify-write, marked
  /// Stmt::atomic), and no other operand of the call may name the same array (the prover
  /// would take that operand's plain accesses for parts of the atomic ones).
  bool markReductions(Stmt& body, const Instruction& in, const std::vector<ExprPtr>& operands) {
    for (size_t i = 0; i < in.operands.size() && i < operands.size(); ++i) {
      if (!in.operands[i].reduceAdd) continue;
      const Var* v = operands[i]->var;
      for (size_t j = 0; j < operands.size(); ++j)
        if (j != i && operands[j] && operands[j]->var == v) {
          sink_.diag(DiagID::err_instr_operand, operands[j]->range,
                     {in.operands[j].name, in.name,
                      "an array other than '" + v->name + "', which operand '" + in.operands[i].name +
                          "' reduces into atomically"});
          return false;
        }
      std::string bad;
      SrcRange where;
      walkStmts(body, [&](Stmt& s, const std::vector<Stmt*>&) {
        if (!bad.empty()) return false;
        const Expr* target = nullptr;  // the one access of v this statement may make
        if (s.kind == StmtKind::Assign && s.lhs && s.lhs->kind == ExprKind::Index && s.lhs->var == v) {
          if (s.op != "+=") {
            bad = "assigns to";
            where = s.range;
            return false;
          }
          target = s.lhs.get();
        }
        // `exo::aligned(p[i], n)` names an address, not an access (its indices are read).
        if (s.kind == StmtKind::Aligned && s.lhs && s.lhs->var == v) target = s.lhs.get();
        s.forEachExprField([&](const char*, const ExprPtr& e) {
          if (!e || !bad.empty()) return;
          forEachExpr(e, [&](const Expr& x) {
            if (bad.empty() && x.kind == ExprKind::Index && x.var == v && &x != target) {
              bad = "reads";
              where = x.range;
            }
          });
        });
        if (target && bad.empty() && s.kind == StmtKind::Assign) s.atomic = true;
        return bad.empty();
      });
      if (!bad.empty()) {
        sink_.diag(DiagID::err_instr_reduce_body, where, {in.name, bad, in.operands[i].name});
        return false;
      }
    }
    return true;
  }

  /// A kernel parameter marked `[[exo::reduce(add)]]` (on the parameter as written, for an
  /// instance of a kernel template): a pointer to non-const elements that atomicAdd adds.
  bool reductionParam(const c::FunctionDecl* fn, const c::ParmVarDecl* p, Var& v) {
    const c::FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
    const unsigned i = p->getFunctionScopeIndex();
    const c::ParmVarDecl* written = pattern && i < pattern->getNumParams() ? pattern->getParamDecl(i) : p;
    if (!findAnnotation(written->attrs(), "exo.reduce.") && !findAnnotation(p->attrs(), "exo.reduce.")) return true;
    std::string why;
    const ScalarKind k = v.type.scalar;
    if (!v.type.isPointer)
      why = "it is not a pointer: only an array in global memory can be reduced into; pass a pointer, or drop the attribute";
    else if (v.type.pointeeConst)
      why = "it points to const: a reduction writes its elements; drop the 'const'";
    else if (!reducibleElement(k))
      why = "its elements are '" + v.type.scalarSpelling() +
            "', which exo-cuda does not add atomically; use 'int', 'unsigned', 'long', 'unsigned long', 'float' or 'double' elements";
    if (!why.empty()) {
      sink_.diag(DiagID::err_kernel_reduce_param, toSrcLoc(written->getLocation()), {v.name, why});
      return false;
    }
    v.reduceAdd = true;
    return true;
  }

  static bool reducibleElement(ScalarKind k) { return model::hasKernelAtomicAdd(k); }

  /// The accesses of a kernel's `[[exo::reduce(add)]]` parameters: each must be the target
  /// of a `+=` (then Stmt::atomic: the prover lets two of them commute, the printer
  /// writes atomicAdd) whose addition atomicAdd performs as C++ does.
  bool markKernelReductions() {
    std::set<const Var*> reduced;
    for (const Var* p : kernel_->params)
      if (p->reduceAdd) reduced.insert(p);
    if (reduced.empty() || !kernel_->body) return true;
    bool ok = true;
    walkStmts(*kernel_->body, [&](Stmt& s, const std::vector<Stmt*>&) {
      if (!ok) return false;
      const Expr* target = nullptr;
      if (s.kind == StmtKind::Assign && s.lhs && s.lhs->kind == ExprKind::Index && reduced.count(s.lhs->var)) {
        const Var& v = *s.lhs->var;
        if (s.op != "+=") return ok = refuseReductionUse(v, s.range, "assigns to", "add to it with '+=' (for '-= v', write '+= -v'), or drop the attribute");
        // C++ adds in the common type, then converts back: atomicAdd adds the value
        // converted to the element's type. The same for integers (modulo 2^n either way)
        // and for a double element; a float element must not get a double value.
        if (v.type.scalar == ScalarKind::Float && s.rhs && s.rhs->type.scalar == ScalarKind::Double)
          return ok = refuseReductionUse(v, s.range, "adds a 'double' value to",
                                         "C++ adds in double and rounds once, atomicAdd rounds the value to float first: convert it ('static_cast<float>(v)')");
        if (integerBits(v.type.scalar) > 0 && s.rhs && s.rhs->type.isFloating())
          return ok = refuseReductionUse(v, s.range, "adds a floating-point value to",
                                         "C++ adds in floating point and truncates, atomicAdd adds integers: convert it first");
        target = s.lhs.get();
      }
      // Only the statement's own expressions: an instruction's inlined meaning is a child
      // (not walked, below). An instruction may take the array as an operand that it
      // reduces into itself (`exo::sm90::wgmma_store_add`): its meaning's `+=` are atomic.
      std::set<const Expr*> reducingOperands;
      if (s.kind == StmtKind::Instr && s.instr)
        for (size_t i = 0; i < s.operands.size() && i < s.instr->operands.size(); ++i)
          if (s.instr->operands[i].reduceAdd && s.operands[i]) reducingOperands.insert(s.operands[i].get());
      forEachOwnExpr(s, [&](const ExprPtr& e) {
        if (reducingOperands.count(e.get())) return;
        forEachExpr(e, [&](const Expr& x) {
          if (!ok || &x == target || !x.var || !reduced.count(x.var)) return;
          if (x.kind == ExprKind::Index)
            ok = refuseReductionUse(*x.var, x.range, "reads", "read the sums after the kernel (another kernel, or the host)");
          else if (x.kind == ExprKind::VarRef || x.kind == ExprKind::Window)
            ok = refuseReductionUse(*x.var, x.range, s.kind == StmtKind::Instr ? "passes to an instruction" : "uses",
                                    "only '+=' of its elements is an atomic addition");
        });
      });
      if (ok && target && s.kind == StmtKind::Assign) s.atomic = true;
      // Not into an instruction's meaning: its CUDA form is the instruction's own, and
      // markReductions checked that the meaning only adds to its reduction operands.
      return ok && s.kind != StmtKind::Instr;
    });
    return ok;
  }

  bool refuseReductionUse(const Var& v, SrcRange where, const std::string& what, const std::string& hint) {
    sink_.diag(DiagID::err_kernel_reduce_use, where, {v.name, what, hint});
    return false;
  }

  /// `exo::aligned(element, bytes)` in an instruction's body.
  void aligned(const c::CallExpr* call, std::vector<StmtPtr>& out) {
    std::optional<llvm::APSInt> bytes =
        call->getNumArgs() == 2 ? call->getArg(1)->getIntegerConstantExpr(ctx_) : std::nullopt;
    if (bindings_.empty()) {
      sink_.diag(DiagID::err_aligned_usage, range(call));
      return;
    }
    if (!bytes || !bytes->isStrictlyPositive() || bytes->getExtValue() > 1024 ||
        (bytes->getExtValue() & (bytes->getExtValue() - 1)) != 0) {
      sink_.diag(DiagID::err_aligned_bytes, range(call));
      return;
    }
    ExprPtr el = expr(call->getArg(0));
    if (!el) return;
    // Beyond 16 bytes only where the base may be that aligned: swizzled shared arrays
    // (1024), other shared arrays (128 when of 128 bytes or more: checker/ProverAlignment
    // checks the size).
    if (el->kind != ExprKind::Index ||
        (bytes->getExtValue() > 16 && !(el->var && (el->var->swizzle || (el->var->memory == Memory::Shared && bytes->getExtValue() <= 128))))) {
      sink_.diag(DiagID::err_aligned_bytes, range(call));
      return;
    }
    out.push_back(at(Stmt::aligned(el, bytes->getExtValue()), call));
  }

  /// `exo::assume(...)` or `exo::extent(...)`: a statement of the kernel's preamble.
  static bool isLaunchFact(const c::Stmt* s) {
    const auto* call = llvm::dyn_cast<c::CallExpr>(s);
    const c::FunctionDecl* fd = call ? call->getDirectCallee() : nullptr;
    std::string name = fd ? fd->getQualifiedNameAsString() : "";
    return name == "exo::assume" || name == "exo::extent" || name == "exo::tile_order" || name == "exo::l2_policy";
  }

  bool atKernelTop_ = true;
  c::ASTContext& ctx_;
  DiagSink& sink_;
  std::unique_ptr<Kernel> kernel_;
  std::map<const c::VarDecl*, Var*> vars_;
  std::set<const c::VarDecl*> failed_;  // declarations already diagnosed: no follow-on errors
  std::set<const Var*> derivedVars_;      // variables of rewritten loop headers (derivedLoop): not assignable
  std::map<const c::FunctionDecl*, const Instruction*> instrs_;  // nullptr: declared wrongly
  std::set<const c::FunctionDecl*> badBodies_;
  std::map<const c::Decl*, Binding> bindings_;  // inside an instruction's body: its parameters
  std::map<const c::Decl*, ExprPtr> inlined_;    // inside a helper's `return`: its parameters' values
  std::set<const c::FunctionDecl*> inlining_;    // helpers being inlined (a recursive call is refused)
  bool failedHelper_ = false;                    // the last helperCall gave a diagnostic
};

}  // namespace

bool isExoKernel(const clang::FunctionDecl* fn) {
  return findAnnotation(fn->attrs(), "exo.kernel") != nullptr;
}

std::unique_ptr<model::Kernel> buildKernelModel(clang::ASTContext& ctx, const clang::FunctionDecl* fn,
                                                model::DiagSink& sink) {
  unsigned before = sink.errors;
  std::unique_ptr<model::Kernel> k = Builder(ctx, sink).build(fn);
  if (sink.errors != before) return nullptr;
  return k;
}

}  // namespace exo
