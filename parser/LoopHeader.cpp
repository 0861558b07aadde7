#include "parser/LoopHeader.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace exo {

namespace c = clang;

namespace {

bool refersTo(const c::Expr* e, const c::VarDecl* vd) {
  const auto* dr = llvm::dyn_cast<c::DeclRefExpr>(e->IgnoreParenImpCasts());
  return dr && dr->getDecl() == vd;
}

/// log2(c) for a power of two c >= 2, else 0.
int64_t log2Exact(int64_t c) {
  if (c < 2 || (c & (c - 1)) != 0) return 0;
  int64_t k = 0;
  while ((int64_t(1) << k) != c) ++k;
  return k;
}

/// `v op c` (op one of + - * / << >>, c a constant) as an update; `why` when op or c
/// has no form the loop model has.
std::optional<LoopHeader::Update> updateOf(c::BinaryOperatorKind op, int64_t c, int64_t& amount, std::string& why) {
  using U = LoopHeader::Update;
  switch (op) {
    case c::BO_Add:
    case c::BO_Sub:
      if (c <= 0 || c > INT32_MAX) break;
      amount = c;
      return op == c::BO_Add ? U::Add : U::Sub;
    case c::BO_Shl:
    case c::BO_Shr:
      if (c < 1 || c > 30) {
        why = "a shift of the loop variable must be by a constant from 1 to 30";
        return std::nullopt;
      }
      amount = c;
      return op == c::BO_Shl ? U::Shl : U::Shr;
    case c::BO_Mul:
    case c::BO_Div:
      if (int64_t k = c <= (int64_t(1) << 30) ? log2Exact(c) : 0) {
        amount = k;
        return op == c::BO_Mul ? U::Shl : U::Shr;
      }
      why = "a loop that multiplies or divides its variable must do so by a power of two ('v /= 2', 'v *= 4')";
      return std::nullopt;
    default: break;
  }
  why = "the increment changes the loop variable in another way";
  return std::nullopt;
}

c::BinaryOperatorKind fromCompound(c::BinaryOperatorKind op) {
  switch (op) {
    case c::BO_AddAssign: return c::BO_Add;
    case c::BO_SubAssign: return c::BO_Sub;
    case c::BO_MulAssign: return c::BO_Mul;
    case c::BO_DivAssign: return c::BO_Div;
    case c::BO_ShlAssign: return c::BO_Shl;
    case c::BO_ShrAssign: return c::BO_Shr;
    default: return c::BO_Comma;  // no update
  }
}

/// `v != bound`, which counts like `<` or `>` when the loop reaches the bound exactly:
/// a halving loop from a non-negative start to 0 (`for (h = 128; h != 0; h >>= 1)`: it
/// ends when `h > 0` fails), or constant steps from a constant start that land on a
/// constant bound (`for (i = 0; i != 256; i += 4)`). Otherwise the loop may never end, or
/// end elsewhere, and is refused.
std::optional<LoopHeader> resolveNotEqual(c::ASTContext& ctx, const c::VarDecl* vd, LoopHeader h, std::string& why) {
  std::optional<llvm::APSInt> bound = h.bound ? h.bound->getIntegerConstantExpr(ctx) : std::nullopt;
  std::optional<llvm::APSInt> start =
      vd->getInit() && !vd->getInit()->isValueDependent() ? vd->getInit()->getIntegerConstantExpr(ctx) : std::nullopt;
  const bool unsignedVar = vd->getType()->isUnsignedIntegerType();
  why = "a loop compared with '!=' must reach its bound exactly: halving from a start that is not negative down to "
        "'!= 0', or constant steps from a constant start onto a constant bound; write '<' or '>' otherwise";
  if (!bound || bound->getSignificantBits() > 63) return std::nullopt;
  const int64_t b = bound->getExtValue();
  if (h.update == LoopHeader::Update::Shr) {
    if (b != 0 || !(unsignedVar || (start && start->getExtValue() >= 0))) return std::nullopt;
    h.compare = LoopHeader::Compare::Greater;
    return h;
  }
  if (!start || start->getSignificantBits() > 63 || h.update == LoopHeader::Update::Shl) return std::nullopt;
  const int64_t lo = start->getExtValue();
  if (h.update == LoopHeader::Update::Add && b >= lo && (b - lo) % h.amount == 0) {
    h.compare = LoopHeader::Compare::Less;
    return h;
  }
  if (h.update == LoopHeader::Update::Sub && b <= lo && (lo - b) % h.amount == 0) {
    h.compare = LoopHeader::Compare::Greater;
    return h;
  }
  return std::nullopt;
}

}  // namespace

/// The increment of a loop whose condition `h` holds (readLoopHeader, second half).
static std::optional<LoopHeader> readUpdate(c::ASTContext& ctx, const c::ForStmt* fs, const c::VarDecl* vd,
                                            LoopHeader h, const c::Stmt*& where, std::string& why);

std::optional<LoopHeader> readLoopHeader(c::ASTContext& ctx, const c::ForStmt* fs, const c::VarDecl* vd,
                                         const c::Stmt*& where, std::string& why) {
  LoopHeader h;
  const auto* cond = llvm::dyn_cast_or_null<c::BinaryOperator>(fs->getCond() ? fs->getCond()->IgnoreParens() : nullptr);
  where = fs->getCond() ? static_cast<const c::Stmt*>(fs->getCond()) : fs;
  why = "the condition must compare the loop variable with a bound";
  if (!cond) return std::nullopt;
  using C = LoopHeader::Compare;
  const c::Expr* var = nullptr;
  const bool notEqual = cond->getOpcode() == c::BO_NE;  // resolved below, from the update
  switch (cond->getOpcode()) {
    case c::BO_LT: h.compare = C::Less; break;
    case c::BO_LE: h.compare = C::LessEqual; break;
    case c::BO_GT: h.compare = C::Greater; break;
    case c::BO_GE: h.compare = C::GreaterEqual; break;
    case c::BO_NE: h.compare = C::Less; break;
    default: return std::nullopt;
  }
  if (refersTo(cond->getLHS(), vd)) {
    var = cond->getLHS();
    h.bound = cond->getRHS();
  } else if (refersTo(cond->getRHS(), vd)) {  // `lo < v` is `v > lo`
    var = cond->getRHS();
    h.bound = cond->getLHS();
    static const C mirrored[] = {C::Greater, C::GreaterEqual, C::Less, C::LessEqual};
    h.compare = mirrored[static_cast<int>(h.compare)];
  } else {
    return std::nullopt;
  }
  // The usual arithmetic conversions may compare the variable in another type (an int
  // against an unsigned bound compares as unsigned; a short is promoted to int): the
  // rewritten loop counts in the variable's own type only.
  if (!ctx.hasSameUnqualifiedType(var->getType(), vd->getType())) {
    why = "the comparison converts the loop variable to '" + var->getType().getAsString() +
          "': compare it with a bound of its own type";
    return std::nullopt;
  }

  if (notEqual && !(refersTo(cond->getLHS(), vd) || refersTo(cond->getRHS(), vd))) return std::nullopt;
  std::optional<LoopHeader> out = readUpdate(ctx, fs, vd, h, where, why);
  if (!out || !notEqual) return out;
  where = fs->getCond();
  return resolveNotEqual(ctx, vd, *out, why);
}

static std::optional<LoopHeader> readUpdate(c::ASTContext& ctx, const c::ForStmt* fs, const c::VarDecl* vd,
                                            LoopHeader h, const c::Stmt*& where, std::string& why) {
  const c::Expr* inc = fs->getInc() ? fs->getInc()->IgnoreParens() : nullptr;
  where = inc ? static_cast<const c::Stmt*>(inc) : fs;
  why = "the increment must step the loop variable by a constant";
  c::BinaryOperatorKind op = c::BO_Comma;
  const c::Expr* amount = nullptr;
  if (const auto* u = llvm::dyn_cast_or_null<c::UnaryOperator>(inc)) {
    if (!refersTo(u->getSubExpr(), vd) || !(u->isIncrementOp() || u->isDecrementOp())) return std::nullopt;
    h.update = u->isIncrementOp() ? LoopHeader::Update::Add : LoopHeader::Update::Sub;
    h.amount = 1;
    return h;
  }
  if (const auto* ca = llvm::dyn_cast_or_null<c::CompoundAssignOperator>(inc)) {
    if (!refersTo(ca->getLHS(), vd)) return std::nullopt;
    op = fromCompound(ca->getOpcode());
    amount = ca->getRHS();
  } else if (const auto* as = llvm::dyn_cast_or_null<c::BinaryOperator>(inc); as && as->getOpcode() == c::BO_Assign) {
    // `v = v op c`.
    const auto* rhs = llvm::dyn_cast<c::BinaryOperator>(as->getRHS()->IgnoreParenImpCasts());
    if (!refersTo(as->getLHS(), vd) || !rhs || !refersTo(rhs->getLHS(), vd)) return std::nullopt;
    op = rhs->getOpcode();
    amount = rhs->getRHS();
  }
  if (op == c::BO_Comma || !amount) return std::nullopt;
  std::optional<llvm::APSInt> value = amount->getIntegerConstantExpr(ctx);
  if (!value || value->getSignificantBits() > 63) {
    why = "the loop variable must change by a constant";
    return std::nullopt;
  }
  std::optional<LoopHeader::Update> u = updateOf(op, value->getExtValue(), h.amount, why);
  if (!u) return std::nullopt;
  h.update = *u;
  return h;
}

std::optional<int64_t> shiftLoopTrips(const LoopHeader& h, int64_t start, int64_t bound, unsigned bits, bool isUnsigned,
                                      std::string& why) {
  if (start <= 0) {
    why = "a loop that halves or doubles its variable must start from a positive constant";
    return std::nullopt;
  }
  const __int128 lowest = isUnsigned ? 0 : -(__int128(1) << (bits - 1));
  const __int128 highest = isUnsigned ? (__int128(1) << bits) - 1 : (__int128(1) << (bits - 1)) - 1;
  auto holds = [&](__int128 v) {
    switch (h.compare) {
      case LoopHeader::Compare::Less: return v < bound;
      case LoopHeader::Compare::LessEqual: return v <= bound;
      case LoopHeader::Compare::Greater: return v > bound;
      case LoopHeader::Compare::GreaterEqual: return v >= bound;
    }
    return false;
  };
  __int128 v = start;
  int64_t trips = 0;
  while (holds(v)) {
    if (++trips > 64) {
      why = "the loop does not end within 64 iterations";
      return std::nullopt;
    }
    v = h.update == LoopHeader::Update::Shl ? v << h.amount : v >> h.amount;
    if (v < lowest || v > highest) {
      why = "the loop variable would leave the range of its type";
      return std::nullopt;
    }
  }
  return trips;
}

}  // namespace exo
