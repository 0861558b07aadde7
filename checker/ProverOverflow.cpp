#include "checker/ProverOverflow.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "checker/ProverQuery.h"
#include "checker/ProverReport.h"
#include "checker/ProverWitness.h"
#include "model/Evaluate.h"
#include "model/ExprPrinter.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

// ------------------------------------------------------------------ intervals

/// Beyond every C++ type's range: interval arithmetic saturates here (a saturated bound
/// is out of range, so the question goes on to the solver, which is exact).
constexpr Wide kHuge = Wide(1) << 120;

Wide saturate(Wide v) { return v > kHuge ? kHuge : v < -kHuge ? -kHuge : v; }

Wide mul(Wide a, Wide b) {
  if (a == 0 || b == 0) return 0;
  Wide aa = a < 0 ? -a : a, bb = b < 0 ? -b : b;
  if (aa > kHuge / bb) return (a < 0) != (b < 0) ? -kHuge : kHuge;
  return a * b;
}

bool isInteger(ScalarKind k) { return integerBits(k) > 0; }
bool isSignedInteger(ScalarKind k) { return isInteger(k) && !isUnsignedKind(k); }

std::string text(Wide v) {
  if (v == 0) return "0";
  std::string digits;
  bool negative = v < 0;
  Wide m = negative ? -v : v;
  while (m > 0) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  }
  return negative ? "-" + digits : digits;
}

/// The values an expression can take in executions without undefined behaviour.
struct Range {
  Wide lo = 0, hi = -1;  // lo > hi: empty (no such execution reaches it)
  bool known = true;     // false: it depends on memory or on values computed at run time
  bool empty() const { return lo > hi; }
  static Range of(Wide lo, Wide hi) {
    Range r;
    r.lo = lo;
    r.hi = hi;
    return r;
  }
  static Range whole(ScalarKind k, bool known) {
    Range r = isInteger(k) ? of(minValue(k), maxValue(k)) : of(-kHuge, kHuge);
    r.known = known;
    return r;
  }
};

/// What the assumes say about the scalar parameters: [lo, hi] each, from conjuncts
/// `p <= c`, `c < p`, `p == c`, ... (c a constant; the comparison in a type that keeps
/// both values).
using Bounds = std::map<const Var*, std::pair<Wide, Wide>>;

const Expr& withoutWidening(const Expr& e) {
  const Expr* x = &e;
  while (x->kind == ExprKind::Cast && x->args.size() == 1 && isInteger(x->type.scalar) &&
         isInteger(x->args[0]->type.scalar) && !x->type.isPointer &&
         conversionKeepsValue(x->args[0]->type.scalar, x->type.scalar))
    x = x->args[0].get();
  return *x;
}

std::pair<Wide, Wide>& boundOf(Bounds& b, const Var* p) {
  return b.try_emplace(p, std::make_pair(minValue(p->type.scalar), maxValue(p->type.scalar))).first->second;
}

void addBounds(Bounds& b, const Expr& cond) {
  if (cond.kind != ExprKind::Binary || cond.args.size() != 2) return;
  model::Op op = cond.op;
  if (op == model::Op::LogAnd) {
    addBounds(b, *cond.args[0]);
    addBounds(b, *cond.args[1]);
    return;
  }
  if (op != model::Op::Lt && op != model::Op::Le && op != model::Op::Gt && op != model::Op::Ge && op != model::Op::Eq) return;
  const Expr* l = &withoutWidening(*cond.args[0]);
  const Expr* r = &withoutWidening(*cond.args[1]);
  auto isParam = [](const Expr* x) {
    return x->kind == ExprKind::VarRef && x->var && x->var->kind == VarKind::Param && !x->var->type.isPointer &&
           isInteger(x->var->type.scalar);
  };
  if (!isParam(l)) {
    std::swap(l, r);
    if (op == model::Op::Lt) op = model::Op::Gt;
    else if (op == model::Op::Le) op = model::Op::Ge;
    else if (op == model::Op::Gt) op = model::Op::Lt;
    else if (op == model::Op::Ge) op = model::Op::Le;
  }
  if (!isParam(l)) return;
  std::optional<int64_t> c = constantValue(*r);
  if (!c) return;
  auto& [lo, hi] = boundOf(b, l->var);
  Wide v = *c;
  if (op == model::Op::Lt) hi = std::min(hi, v - 1);
  if (op == model::Op::Le || op == model::Op::Eq) hi = std::min(hi, v);
  if (op == model::Op::Gt) lo = std::max(lo, v + 1);
  if (op == model::Op::Ge || op == model::Op::Eq) lo = std::max(lo, v);
}

/// Interval evaluation of model expressions, C++'s meaning: unsigned results wrap, a
/// signed result is what an execution without overflow gives (the overflow itself is
/// checked at that operation).
class Ranges {
public:
  Ranges(const KernelFacts& facts, Bounds bounds) : facts_(facts), bounds_(std::move(bounds)) {}

  const Bounds& bounds() const { return bounds_; }

  Range of(const Expr& e) {
    auto it = memo_.find(&e);
    if (it != memo_.end()) return it->second;
    Range r = fit(e.type, exact(e));
    memo_[&e] = r;
    return r;
  }

  /// The mathematical value of e's own operation applied to its operands' values.
  Range exact(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLit: {
        Wide v = e.ival;
        if (e.type.scalar == ScalarKind::ULong && v < 0) v += Wide(1) << 64;
        return Range::of(v, v);
      }
      case ExprKind::VarRef:
        return e.var ? var(e.var) : Range::whole(e.type.scalar, false);
      case ExprKind::Index:
        // A modelled input's element is any value of its type, and the encoder uses it
        // as that value (in indices, conditions, loop bounds): its arithmetic is checked.
        return Range::whole(e.type.scalar, isModelledInputRead(e, facts_));
      case ExprKind::FloatLit: case ExprKind::Call: case ExprKind::Window:
        return Range::whole(e.type.scalar, false);
      case ExprKind::Cast: {
        if (e.args.size() != 1 || !isInteger(e.type.scalar) || e.type.isPointer || !isInteger(e.args[0]->type.scalar))
          return Range::whole(e.type.scalar, false);
        return converted(of(*e.args[0]), e.type.scalar);
      }
      case ExprKind::Select: {
        if (e.args.size() != 3) return Range::whole(e.type.scalar, false);
        Range a = of(*e.args[1]), b = of(*e.args[2]);
        Range u = a.empty() ? b : b.empty() ? a : Range::of(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
        u.known = a.known && b.known;
        return u;
      }
      case ExprKind::Unary: {
        if (e.args.empty()) return Range::whole(e.type.scalar, false);
        if (e.op == model::Op::Not) return Range::of(0, 1);
        Range a = of(*e.args[0]);
        if (a.empty()) return a;
        Range r = a;
        if (e.op == model::Op::Neg) r = Range::of(-a.hi, -a.lo);
        else if (e.op == model::Op::BitNot)
          r = isUnsignedKind(e.type.scalar) ? Range::of(maxValue(e.type.scalar) - a.hi, maxValue(e.type.scalar) - a.lo)
                                            : Range::of(-a.hi - 1, -a.lo - 1);
        r.known = a.known;
        return r;
      }
      case ExprKind::Binary: return binary(e);
    }
    return Range::whole(e.type.scalar, false);
  }

  /// The shift amount of `x << s` / `x >> s` limited to what C++ defines, [0, width).
  Range amount(const Expr& e) {
    Range s = of(*e.args[1]);
    int bits = integerBits(e.type.scalar);
    if (!s.empty()) {
      s.lo = std::max<Wide>(s.lo, 0);
      s.hi = std::min<Wide>(s.hi, bits - 1);
    }
    return s;
  }

  Range var(const Var* v) {
    auto it = vars_.find(v);
    if (it != vars_.end()) return it->second;
    ScalarKind k = v->type.scalar;
    if (!busy_.insert(v).second) return Range::whole(k, false);  // a cycle: cannot happen in valid code
    Range r = Range::whole(k, false);
    if (v->kind == VarKind::Param) {
      if (!v->type.isPointer && isInteger(k)) {
        r = Range::whole(k, true);
        auto b = bounds_.find(v);
        if (b != bounds_.end()) r = Range::of(std::max(r.lo, b->second.first), std::min(r.hi, b->second.second));
      }
    } else if (v->kind == VarKind::LoopVar) {
      auto l = facts_.loopOf.find(v);
      if (l != facts_.loopOf.end() && l->second->lo && l->second->hi && isInteger(k)) {
        const Stmt& loop = *l->second;
        Range lo = of(*loop.lo), hi = of(*loop.hi);
        if (lo.known && hi.known) {
          // v = lo + step * k < hi; compared as unsigned, a negative v ends the loop
          // (or runs it) but stays below 0.
          bool converts = loop.compareAs && !conversionKeepsValue(k, *loop.compareAs);
          Wide top = converts ? std::max<Wide>(hi.hi - 1, -1) : hi.hi - 1;
          r = Range::of(std::max(lo.lo, minValue(k)), std::min(top, maxValue(k)));
          if (lo.empty() || hi.empty()) r = Range();
        }
      }
    } else if (v->kind == VarKind::Scalar && isInteger(k)) {
      auto d = facts_.decls.find(v);
      if (d != facts_.decls.end() && d->second.stmt->init && !facts_.assigned.count(v))
        r = converted(of(*d->second.stmt->init), k);
    }
    busy_.erase(v);
    vars_[v] = r;
    return r;
  }

private:
  /// A conversion to `to` (never undefined: it wraps, or for bool tests x != 0): the
  /// same values if they fit, else any value of `to`.
  static Range converted(Range r, ScalarKind to) {
    if (r.empty() || (to != ScalarKind::Bool && r.lo >= minValue(to) && r.hi <= maxValue(to))) return r;
    Range w = to == ScalarKind::Bool ? Range::of(0, 1) : Range::whole(to, r.known);
    w.known = r.known;
    return w;
  }

  /// The C++ value of an arithmetic result from the mathematical one: wrapped if
  /// unsigned, limited to the type if signed (what an execution without signed
  /// overflow sees: the overflow itself is checked at that operation).
  static Range fit(const Type& t, Range r) {
    ScalarKind k = t.scalar;
    if (t.isPointer || !isInteger(k)) return Range::whole(k, false);
    if (r.empty()) return r;
    if (k == ScalarKind::Bool) {  // x != 0
      Range b = r.lo > 0 || r.hi < 0 ? Range::of(1, 1) : r.lo == 0 && r.hi == 0 ? Range::of(0, 0) : Range::of(0, 1);
      b.known = r.known;
      return b;
    }
    if (r.lo >= minValue(k) && r.hi <= maxValue(k)) return r;
    if (isUnsignedKind(k)) return Range::whole(k, r.known);
    Range c = Range::of(std::max(r.lo, minValue(k)), std::min(r.hi, maxValue(k)));
    c.known = r.known;
    return c;  // empty when every value overflows: no execution without overflow
  }

  Range binary(const Expr& e) {
    if (e.args.size() != 2) return Range::whole(e.type.scalar, false);
    const model::Op op = e.op;
    if (op == model::Op::Lt || op == model::Op::Le || op == model::Op::Gt || op == model::Op::Ge || op == model::Op::Eq || op == model::Op::Ne || op == model::Op::LogAnd || op == model::Op::LogOr)
      return Range::of(0, 1);
    Range a = of(*e.args[0]);
    Range b = (op == model::Op::Shl || op == model::Op::Shr) ? amount(e) : of(*e.args[1]);
    bool known = a.known && b.known;
    if (a.empty() || b.empty()) return Range();
    Range r = Range::whole(e.type.scalar, known);
    if (op == model::Op::Add) r = Range::of(saturate(a.lo + b.lo), saturate(a.hi + b.hi));
    else if (op == model::Op::Sub) r = Range::of(saturate(a.lo - b.hi), saturate(a.hi - b.lo));
    else if (op == model::Op::Mul) {
      Wide p[4] = {mul(a.lo, b.lo), mul(a.lo, b.hi), mul(a.hi, b.lo), mul(a.hi, b.hi)};
      r = Range::of(*std::min_element(p, p + 4), *std::max_element(p, p + 4));
    } else if (op == model::Op::Div) {
      if (b.lo == b.hi && b.lo != 0) {
        Wide c = b.lo;
        r = c > 0 ? Range::of(a.lo / c, a.hi / c) : Range::of(a.hi / c, a.lo / c);
      } else if (a.lo >= 0 && b.lo >= 1) {
        r = Range::of(a.lo / b.hi, a.hi / b.lo);
      } else {
        Wide m = std::max(a.lo < 0 ? -a.lo : a.lo, a.hi < 0 ? -a.hi : a.hi);
        r = Range::of(-m, m);  // |x / y| <= |x| for y != 0
      }
    } else if (op == model::Op::Rem) {
      Wide m = std::max(b.lo < 0 ? -b.lo : b.lo, b.hi < 0 ? -b.hi : b.hi) - 1;  // |x % y| < |y|
      if (m < 0) return Range();                                                  // y == 0 only
      if (a.lo >= 0) r = Range::of(0, std::min(a.hi, m));
      else if (a.hi <= 0) r = Range::of(std::max(a.lo, -m), 0);
      else r = Range::of(std::max(a.lo, -m), std::min(a.hi, m));
    } else if (op == model::Op::Shl) {
      // A negative left operand is undefined behaviour (C++17): executions have x >= 0.
      Wide lo = std::max<Wide>(a.lo, 0);
      if (lo > a.hi) return Range();
      r = Range::of(mul(lo, Wide(1) << static_cast<int>(b.lo)), mul(a.hi, Wide(1) << static_cast<int>(b.hi)));
    } else if (op == model::Op::Shr) {
      int s0 = static_cast<int>(b.lo), s1 = static_cast<int>(b.hi);
      if (a.lo >= 0) r = Range::of(a.lo >> s1, a.hi >> s0);
      else if (a.hi < 0) r = Range::of(a.lo >> s0, a.hi >> s1);
      else r = Range::of(a.lo >> s0, a.hi >> s0);
    } else if (op == model::Op::BitAnd) {
      if (a.lo >= 0 && b.lo >= 0) r = Range::of(0, std::min(a.hi, b.hi));
      else if (a.lo >= 0) r = Range::of(0, a.hi);
      else if (b.lo >= 0) r = Range::of(0, b.hi);
    } else if (op == model::Op::BitOr || op == model::Op::BitXor) {
      if (a.lo >= 0 && b.lo >= 0) {
        Wide top = std::max(a.hi, b.hi), p = 1;
        while (p <= top && p < kHuge) p <<= 1;
        r = Range::of(0, p - 1);
      }
    }
    r.known = known;
    return r;
  }

  const KernelFacts& facts_;
  Bounds bounds_;
  std::unordered_map<const Expr*, Range> memo_;
  std::map<const Var*, Range> vars_;
  std::set<const Var*> busy_;
};

// ------------------------------------------------------------------ operations

/// Shifts of an unsigned type: they wrap, but an amount outside [0, bits) is undefined
/// all the same (found by the review of the thirteenth session: `128u >> 32` is 128 on
/// x86, whose shifter masks the amount, and read past an array).
bool unsignedShift(const Expr& e) {
  return !e.type.isPointer && isInteger(e.type.scalar) && !isSignedInteger(e.type.scalar) && e.kind == ExprKind::Binary &&
         e.args.size() == 2 && (e.op == model::Op::Shl || e.op == model::Op::Shr);
}

/// An unsigned `/` or `%`: undefined for a zero divisor (since the thirteenth session).
bool unsignedDivision(const Expr& e) {
  return !e.type.isPointer && isInteger(e.type.scalar) && !isSignedInteger(e.type.scalar) && e.kind == ExprKind::Binary &&
         e.args.size() == 2 && (e.op == model::Op::Div || e.op == model::Op::Rem);
}

/// A signed operation C++ may overflow: + - * / % << >> and unary -, in int or long
/// (`/` and `%` also by a zero divisor, `%` as `MIN % -1`); an unsigned shift (its
/// amount); an unsigned `/` or `%` (its divisor).
bool checkedOperation(const Expr& e) {
  if (unsignedShift(e) || unsignedDivision(e)) return true;
  if (e.type.isPointer || !isSignedInteger(e.type.scalar)) return false;
  if (e.kind == ExprKind::Unary) return e.op == model::Op::Neg && e.args.size() == 1;
  if (e.kind != ExprKind::Binary || e.args.size() != 2) return false;
  const model::Op op = e.op;
  return op == model::Op::Add || op == model::Op::Sub || op == model::Op::Mul || op == model::Op::Div ||
         op == model::Op::Rem || op == model::Op::Shl || op == model::Op::Shr;
}

const char* operationName(const Expr& e) {
  if (e.kind == ExprKind::Unary) return "the negation";
  const model::Op op = e.op;
  if (op == model::Op::Add) return "the sum";
  if (op == model::Op::Sub) return "the difference";
  if (op == model::Op::Mul) return "the product";
  if (op == model::Op::Div) return "the quotient";
  if (op == model::Op::Rem) return "the remainder";
  return "the shift";
}

/// Vacuous: no execution without an earlier overflow reaches the operation (an empty
/// operand range), so there is nothing to check.
enum class Settled { Proven, Vacuous, Unsettled, DataDependent };

/// The interval verdict for one operation.
Settled intervalCheck(const Expr& e, Ranges& R) {
  ScalarKind k = e.type.scalar;
  Range a = R.of(*e.args[0]);
  if (!a.known) return Settled::DataDependent;
  if (a.empty()) return Settled::Vacuous;
  if (e.kind == ExprKind::Unary) return -a.lo <= maxValue(k) ? Settled::Proven : Settled::Unsettled;
  Range b = R.of(*e.args[1]);
  if (!b.known) return Settled::DataDependent;
  if (b.empty()) return Settled::Vacuous;
  const model::Op op = e.op;
  if (op == model::Op::Div || op == model::Op::Rem) {
    if (b.lo <= 0 && b.hi >= 0) return Settled::Unsettled;  // a zero divisor
    if (unsignedDivision(e)) return Settled::Proven;
    return (a.lo <= minValue(k) && b.lo <= -1 && b.hi >= -1) ? Settled::Unsettled : Settled::Proven;
  }
  if (op == model::Op::Shl || op == model::Op::Shr) {
    int bits = integerBits(k);
    if (b.lo < 0 || b.hi >= bits) return Settled::Unsettled;
    if (op == model::Op::Shr || unsignedShift(e)) return Settled::Proven;
    if (a.lo < 0) return Settled::Unsettled;
  }
  Range x = R.exact(e);
  return x.lo >= minValue(k) && x.hi <= maxValue(k) ? Settled::Proven : Settled::Unsettled;
}

/// The interval verdict for a loop's `v + step` (Root::increment): the mathematical sum
/// within the variable's type, whatever its signedness (unsigned sums wrap in
/// Ranges::exact, which would hide the wrap this check is for).
Settled incrementCheck(const Expr& e, Ranges& R) {
  Range a = R.of(*e.args[0]), b = R.of(*e.args[1]);
  if (!a.known || !b.known) return Settled::DataDependent;
  if (a.empty() || b.empty()) return Settled::Vacuous;
  return a.hi + b.hi <= maxValue(e.type.scalar) ? Settled::Proven : Settled::Unsettled;
}

/// The interval verdict for a stored value's division (Root::divisionsOnly): only its
/// divisor, which the prover models, against 0; the dividend may be data (`x[t] / d`).
Settled divisorCheck(const Expr& e, Ranges& R) {
  Range b = R.of(*e.args[1]);
  if (!b.known) return Settled::DataDependent;
  if (b.empty()) return Settled::Vacuous;
  return b.lo <= 0 && b.hi >= 0 ? Settled::Unsettled : Settled::Proven;
}

/// An expression the check starts from, and where the program evaluates it.
struct Root {
  const Expr* expr = nullptr;
  Path path;
  /// Conditions under which it is evaluated: an access's `?:` / `&&` guards; for an
  /// assume, the assumes and the conjuncts before it.
  std::vector<std::pair<const Expr*, bool>> guards;
  const Stmt* instr = nullptr;       // the instruction call whose meaning holds it
  const AccessSite* site = nullptr;  // an index: its access
  int assume = -1;                   // an exo::assume conjunct: its assume's position
  bool increment = false;            // a loop's `v + step`: checked in the variable's type, signed or not
  /// A stored value (an assignment's right side): only its integer divisions whose
  /// divisor the prover models (not data), for a zero divisor. Its other arithmetic is
  /// not checked (an accumulator's `acc + a * b`: the data decides).
  bool divisionsOnly = false;
  /// The initializer of a scalar whose value only reaches stored values (no index,
  /// condition or bound reads it, through other scalars either): its arithmetic on
  /// modelled inputs is not checked, as a stored value's (`int len = rp[r + 1] - rp[r];`
  /// then `y[r] = len`: the data decides, and the prover never uses the value).
  bool inputsDecide = false;
  std::string where;                 // "the index of 's'", ...
  std::shared_ptr<Ranges> ranges;    // intervals under the bounds it may use
};

/// One operation of a root, with the conditions inside the root under which it runs.
struct Operation {
  const Expr* e;
  std::vector<std::pair<const Expr*, bool>> guards;
};

void collectOps(const Expr& e, std::vector<std::pair<const Expr*, bool>>& guards, std::vector<Operation>& out) {
  // An index is a root of its own (its access); a tile's indices are those of the
  // accesses its instruction makes.
  if (e.kind == ExprKind::Index || e.kind == ExprKind::Window) return;
  for (size_t i = 0; i < e.args.size(); ++i) {
    std::optional<std::pair<const Expr*, bool>> guard = operandGuard(e, i);
    if (guard) guards.push_back(*guard);
    collectOps(*e.args[i], guards, out);
    if (guard) guards.pop_back();
  }
  if (checkedOperation(e)) out.push_back({&e, guards});
}

/// A text that identifies an expression's value up to its context: the variables by
/// identity (two declarations of one name differ).
void exprKey(const Expr& e, std::string& out) {
  out += std::to_string(static_cast<int>(e.kind)) + ":" + e.spelling + ":" +
         std::to_string(static_cast<int>(e.type.scalar)) + (e.type.isPointer ? "*" : "") + ":" + std::to_string(e.ival);
  if (e.var) out += "@" + std::to_string(reinterpret_cast<uintptr_t>(e.var));
  out += "(";
  for (const ExprPtr& a : e.args) {
    if (a) exprKey(*a, out);
    out += ",";
  }
  out += ")";
}

std::vector<const Expr*> flattenAnd(const Expr& e) {
  if (e.kind == ExprKind::Binary && e.op == model::Op::LogAnd && e.args.size() == 2) {
    std::vector<const Expr*> l = flattenAnd(*e.args[0]), r = flattenAnd(*e.args[1]);
    l.insert(l.end(), r.begin(), r.end());
    return l;
  }
  return {&e};
}

// --------------------------------------------------------------------- checker

class OverflowCheck {
public:
  OverflowCheck(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, DiagSink& sink)
      : facts_(facts), k_(*facts.kernel), stats_(stats), limits_(limits), sink_(sink) {}

  void run() {
    collectRoots();
    for (Root& r : roots_) checkRoot(r);
  }

private:
  // ------------------------------------------------------------- roots

  void collectRoots() {
    // Assumes, in order: conjunct j of assume i holds the assumes before it and the
    // conjuncts before it (the launcher's `&&` stops at the first false one).
    std::vector<std::pair<const Expr*, bool>> before;
    Bounds bounds;
    for (size_t i = 0; i < facts_.assumes.size(); ++i) {
      std::vector<std::pair<const Expr*, bool>> guards = before;
      Bounds b = bounds;
      for (const Expr* c : flattenAnd(*facts_.assumes[i])) {
        Root r;
        r.expr = c;
        r.guards = guards;
        r.assume = static_cast<int>(i);
        r.where = "an 'exo::assume' condition (the launcher evaluates it)";
        r.ranges = std::make_shared<Ranges>(facts_, b);
        roots_.push_back(std::move(r));
        guards.push_back({c, true});
        addBounds(b, *c);
      }
      before.push_back({facts_.assumes[i], true});
      addBounds(bounds, *facts_.assumes[i]);
    }
    body_ = std::make_shared<Ranges>(facts_, bounds);
    if (k_.body) findModelUsedScalars(*k_.body);
    // exo::extent shapes: the launcher evaluates them (the tensor maps' dimensions) once
    // every assume holds, in the kernel's types, even where the kernel itself never does
    // (review of the fifteenth session: `n * m` wrapped and TMA dropped the rows past it;
    // `4096 / m` with m = 0 allowed crashed the host).
    // Only a TMA operand's: the launcher evaluates no other extent.
    const std::set<const Var*> viaTma = k_.body ? tensorMapGlobals(*k_.body) : std::set<const Var*>{};
    for (const Var* v : k_.params)
      if (viaTma.count(v))
        for (const ExprPtr& e : v->extents)
          if (e) add(e.get(), Path{}, nullptr, "the extent of '" + v->name + "'");
    if (k_.body) walk(*k_.body);
    for (const AccessSite& s : facts_.sites) {
      for (size_t g = 0; g < s.guards.size(); ++g)
        add(s.guards[g].first, s.path, s.instr, "a condition", std::vector<std::pair<const Expr*, bool>>(s.guards.begin(), s.guards.begin() + g), nullptr);
      for (const ExprPtr& a : s.expr->args)
        if (a) add(a.get(), s.path, s.instr, "the index of '" + s.var->name + "'", s.guards, &s);
    }
  }

  void add(const Expr* e, const Path& path, const Stmt* instr, std::string where,
           std::vector<std::pair<const Expr*, bool>> guards = {}, const AccessSite* site = nullptr) {
    if (!e) return;
    Root r;
    r.expr = e;
    r.path = path;
    r.instr = instr;
    r.site = site;
    r.guards = std::move(guards);
    r.where = std::move(where);
    r.ranges = body_;
    roots_.push_back(std::move(r));
  }

  void walk(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::For:
        add(s.lo.get(), path_, instr_, "the start of loop '" + s.var->displayName() + "'");
        add(s.hi.get(), path_, instr_, "the bound of loop '" + s.var->displayName() + "'");
        // The launcher sizes the grid in long long (rewriter/CudaPrinter's extentExpr):
        // the span hi - lo, then ceil(span / step) by dividing first. Compared as unsigned
        // long, span and count are taken in that type and clamped (exact, or more blocks
        // than a grid holds, which the launcher refuses); otherwise (long long)hi -
        // (long long)lo, lo in the variable's type, must not overflow.
        if (s.loop == LoopKind::Block && s.lo && s.hi &&
            s.compareAs.value_or(s.var ? s.var->type.scalar : ScalarKind::Int) != ScalarKind::ULong &&
            !(s.lo->kind == ExprKind::IntLit && s.lo->ival == 0)) {
          Type ll;
          ll.scalar = ScalarKind::Long;
          // lo as the variable starts: converted to its type first (a narrowing start
          // wraps there, and the launcher's span starts from the wrapped value).
          ExprPtr lo = s.lo->type.scalar == s.var->type.scalar ? s.lo : Expr::cast(s.var->type, s.lo, false);
          ExprPtr span = Expr::binary("-", Expr::cast(ll, s.hi, false), Expr::cast(ll, lo, false), ll);
          span->range = SrcRange{s.range.begin, s.range.begin};
          synthetic_.push_back(span);
          add(span.get(), path_, instr_, "the launcher's grid size for loop '" + s.var->displayName() + "'");
        }
        // `v += step` runs after every iteration, the last one too: v + step, inside the loop.
        // Signed or not: an unsigned variable's `v += step` past its type's largest value
        // wraps (for unsigned char and short, on the conversion back), and the loop runs
        // on past the iterations the model counts (found by the review of the
        // fourteenth session: `for (unsigned char i = 0; i < n; ++i)` with n = 300).
        if (s.var && s.step > 0 && !s.var->type.isPointer && integerBits(s.var->type.scalar) > 1) {
          ExprPtr step = Expr::intLit(s.step, s.var->type);
          ExprPtr next = Expr::binary("+", Expr::varRef(s.var, s.var->type), step, s.var->type);
          next->range = step->range = next->args[0]->range = SrcRange{s.range.begin, s.range.begin};
          synthetic_.push_back(next);
          path_.push_back({&s, 0});
          add(next.get(), path_, instr_, "the increment of loop '" + s.var->displayName() + "'");
          roots_.back().increment = true;
          path_.pop_back();
        }
        break;
      case StmtKind::If:
        add(s.cond.get(), path_, instr_, "the condition of an 'if'");
        break;
      case StmtKind::Decl:
        if (s.init && s.var && !s.var->isArray()) {
          add(s.init.get(), path_, instr_, "the initializer of '" + s.var->name + "'");
          roots_.back().inputsDecide = !modelUsed_.count(s.var);
        }
        break;
      case StmtKind::Assign:
        // `y[t] = x[t] / (t - 5)`: a division by zero in a stored value (review of the
        // eighteenth session: proven, and the CPU run traps).
        if (s.rhs) {
          add(s.rhs.get(), path_, instr_, "a stored value");
          roots_.back().divisionsOnly = true;
        }
        break;
      case StmtKind::Aligned:
        if (s.lhs)
          for (const ExprPtr& a : s.lhs->args) add(a.get(), path_, instr_, "the element of an 'exo::aligned'");
        break;
      case StmtKind::Expects:
        add(s.cond.get(), path_, instr_, "the precondition of an 'exo::expects'");
        break;
      default:
        break;
    }
    const Stmt* outer = instr_;
    if (s.kind == StmtKind::Instr) instr_ = &s;
    for (size_t i = 0; i < s.body.size(); ++i) {
      if (!s.body[i] || s.body[i]->kind == StmtKind::Assume) continue;
      path_.push_back({&s, static_cast<int>(i)});
      walk(*s.body[i]);
      path_.pop_back();
    }
    instr_ = outer;
  }

  // ------------------------------------------------------------- checks

  /// The scalars whose values the prover may use (modelUsed_): those read anywhere but in
  /// a stored value (an assignment's right side or a scalar's initializer, outside its
  /// indices and its guards: a `?:` condition, an operand of `&&` / `||`, which decide
  /// whether an access runs), and those whose initializer one of them reads. (Review of
  /// the twenty-fourth session: `s = idx[i] * k` guarding `s >= 0 && s < k * m ? x[idx[i]]
  /// : 0.f` was left unchecked, and a wrapped s let an out-of-bounds read through.)
  void findModelUsedScalars(Stmt& body) {
    std::map<const Var*, std::set<const Var*>> initReads;  // scalar -> scalars its initializer reads
    std::function<void(const Expr&, bool, const Var*)> visit = [&](const Expr& e, bool value, const Var* owner) {
      if (e.kind == ExprKind::VarRef && e.var && e.var->kind == VarKind::Scalar) {
        if (!value) modelUsed_.insert(e.var);
        else if (owner) initReads[owner].insert(e.var);
      }
      const bool guards = e.kind == ExprKind::Binary && (e.op == model::Op::LogAnd || e.op == model::Op::LogOr);
      for (size_t i = 0; i < e.args.size(); ++i)
        if (const ExprPtr& a = e.args[i])
          visit(*a,
                value && e.kind != ExprKind::Index && e.kind != ExprKind::Window && !guards &&
                    !(e.kind == ExprKind::Select && i == 0),
                owner);
    };
    walkStmts(body, [&](Stmt& s, const std::vector<Stmt*>&) {
      const bool scalarDecl = s.kind == StmtKind::Decl && s.var && !s.var->isArray();
      forEachOwnExpr(s, [&](const ExprPtr& e) {
        if (!e) return;
        if (s.kind == StmtKind::Assign && e == s.rhs) visit(*e, true, nullptr);
        else if (scalarDecl && e == s.init) visit(*e, true, s.var);
        else visit(*e, false, nullptr);
      });
      return true;
    });
    std::vector<const Var*> work(modelUsed_.begin(), modelUsed_.end());
    while (!work.empty()) {
      const Var* v = work.back();
      work.pop_back();
      for (const Var* w : initReads[v])
        if (modelUsed_.insert(w).second) work.push_back(w);
    }
  }

  void checkRoot(Root& root) {
    std::vector<std::pair<const Expr*, bool>> local;
    std::vector<Operation> ops;
    if (root.increment) ops.push_back({root.expr, {}});
    else collectOps(*root.expr, local, ops);
    if (root.inputsDecide)
      ops.erase(std::remove_if(ops.begin(), ops.end(), [&](const Operation& op) { return readsInput(*op.e); }), ops.end());
    if (root.divisionsOnly)
      ops.erase(std::remove_if(ops.begin(), ops.end(),
                               [&](const Operation& op) {
                                 const bool division = op.e->kind == ExprKind::Binary &&
                                                       (op.e->op == model::Op::Div || op.e->op == model::Op::Rem) &&
                                                       isInteger(op.e->type.scalar);
                                 return !division || !root.ranges->of(*op.e->args[1]).known || readsInput(*op.e->args[1]);
                               }),
                ops.end());
    std::vector<const Operation*> pending;
    for (const Operation& op : ops) {
      ++stats_.overflowChecks;
      Settled settled = root.increment             ? incrementCheck(*op.e, *root.ranges)
                        : onlyDivisor(root, *op.e) ? divisorCheck(*op.e, *root.ranges)
                                                   : intervalCheck(*op.e, *root.ranges);
      if (settled == Settled::Unsettled) pending.push_back(&op);
    }
    if (pending.empty()) return;
    askSolver(root, pending);
  }

  /// A stored value's division whose dividend is data (`x[t] / d`): only its divisor is
  /// checked (against 0). One with a modelled dividend is checked whole (`a / (t - 6)`:
  /// INT_MIN / -1 too).
  bool onlyDivisor(const Root& root, const Expr& e) {
    return root.divisionsOnly && (!root.ranges->of(*e.args[0]).known || readsInput(*e.args[0]));
  }

  /// Does e read memory, itself or through the initializers of the scalars it reads? A
  /// stored value's data, modelled inputs included, is not checked (`y[t] = x[t] /
  /// cnt[t]`: the data decides), as before inputs were modelled. Through scalars too
  /// (final review of the twenty-fourth session): `d = idx[i] * 65536` left unchecked as
  /// value-only, then `y[i] = 7 / d` proved d != 0 from its unwrapped value.
  bool readsInput(const Expr& e, int depth = 0) {
    if (e.kind == ExprKind::Index) return true;
    if (e.kind == ExprKind::VarRef && e.var && e.var->kind == VarKind::Scalar && depth < 32) {
      auto memo = readsInputMemo_.find(e.var);
      if (memo != readsInputMemo_.end()) return memo->second;
      auto d = facts_.decls.find(e.var);
      const bool reads = d != facts_.decls.end() && d->second.stmt->init && !facts_.assigned.count(e.var) &&
                         readsInput(*d->second.stmt->init, depth + 1);
      readsInputMemo_[e.var] = reads;
      return reads;
    }
    for (const ExprPtr& a : e.args)
      if (a && readsInput(*a, depth)) return true;
    return false;
  }

  std::string contextKey(const Root& root) {
    std::string key = "A" + std::to_string(root.assume) + "|";
    for (const PathStep& p : root.path)
      if (p.container->kind == StmtKind::For || p.container->kind == StmtKind::If)
        key += std::to_string(reinterpret_cast<uintptr_t>(p.container)) + "." + std::to_string(p.child) + "/";
    for (const auto& [c, v] : root.guards) {
      key += v ? "+" : "-";
      exprKey(*c, key);
    }
    return key;
  }

  Queries& queries() {
    if (!q_) {
      q_.emplace(facts_, stats_, limits_);
      solver_.emplace(q_->ctx, z3::solver::simple());
      z3::params p(q_->ctx);
      // A small deterministic budget: the intervals settle the common cases; a
      // question that needs more is "cannot prove" (with the assume that settles it).
      p.set("rlimit", kBudget);
      p.set("random_seed", 0u);
      solver_->set(p);
    }
    return *q_;
  }

  /// The scope's facts: definitions, the assumes the root may use, its instance, the
  /// interval bounds of its atoms (implied, but they help the non-linear core).
  void addContext(z3::solver& s, const Root& root, const Instance& inst, const std::vector<z3::expr>& lits) {
    Encoder& enc = q_->enc;
    for (const z3::expr& f : enc.definitions()) s.add(f);
    if (root.assume < 0)
      for (const z3::expr& f : enc.assumeFacts()) s.add(f);
    Queries::addFacts(s, inst);
    for (const z3::expr& l : lits) s.add(l);
    Ranges& R = *root.ranges;
    auto bound = [&](const Var* v, int atom) {
      Range r = R.var(v);
      if (!r.known || r.empty()) return;
      z3::expr x = enc.atomExpr(atom);
      s.add(x >= enc.wideVal(r.lo) && x <= enc.wideVal(r.hi));
    };
    for (const auto& [v, atom] : enc.params()) bound(v, atom);
    // The loop variables outermost first (not by address: the solver's history, and so
    // the witness, depends on the order of its assertions).
    std::set<const Var*> bounded;
    for (const Stmt* l : inst.loops)
      if (auto it = inst.loopVar.find(l->var); it != inst.loopVar.end() && bounded.insert(l->var).second)
        bound(it->first, it->second);
  }

  void askSolver(Root& root, const std::vector<const Operation*>& pending) {
    Queries& q = queries();
    Encoder& enc = q.enc;
    z3::solver& s = *solver_;
    std::string ctxKey = contextKey(root);
    std::optional<Instance> inst;
    std::vector<z3::expr> rootLits;
    for (size_t i = 0; i < pending.size(); ++i) {
      const Operation* op = pending[i];
      // What a proposed bound must also make safe: this operation and the ones the
      // intervals left open after it in the expression (they build on its value).
      cover_.assign(pending.begin() + i, pending.end());
      std::string key = ctxKey + "#";
      exprKey(*op->e, key);
      for (const auto& [c, v] : op->guards) {
        key += v ? "+" : "-";
        exprKey(*c, key);
      }
      auto seen = asked_.find(key);
      if (seen != asked_.end()) {
        if (seen->second) continue;  // proven
        return;                      // reported (or refused) already
      }
      if (!inst) {
        inst = enc.instantiate(root.path, "o.");
        std::string why;
        // The enclosing loops' bounds are in their types: an overflow there is reported
        // at the bound (its own question), not again through the values it lets the loop take.
        for (const Stmt* l : enclosingLoops(root.path))
          for (const ExprPtr& b : {l->lo, l->hi})
            if (b && isInteger(b->type.scalar) && !b->type.isPointer)
              if (std::optional<Poly> v = enc.intExpr(*b, *inst, why))
                rootLits.push_back(enc.toZ3(*v) >= enc.wideVal(minValue(b->type.scalar)) &&
                                   enc.toZ3(*v) <= enc.wideVal(maxValue(b->type.scalar)));
        for (const auto& [c, v] : root.guards)
          if (std::optional<z3::expr> b = enc.boolExpr(*c, *inst, why)) rootLits.push_back(v ? *b : !*b);
          else inst->dropped.push_back({c, why});
      }
      std::vector<z3::expr> lits = rootLits;
      std::string why;
      for (const auto& [c, v] : op->guards)
        if (std::optional<z3::expr> b = enc.boolExpr(*c, *inst, why)) lits.push_back(v ? *b : !*b);
        else inst->dropped.push_back({c, why});
      std::optional<z3::expr> bad = violation(*op->e, *inst, why, onlyDivisor(root, *op->e));
      if (!bad) {
        asked_[key] = false;
        refuse(root, *op, "it cannot be modelled: " + why);
        return;
      }
      ++stats_.overflowSolved;
      s.push();
      addContext(s, root, *inst, lits);
      s.add(*bad);
      Verdict v = q.solve(s);
      asked_[key] = v == Verdict::Unsat;
      if (v == Verdict::Unsat) {
        s.pop();
        continue;
      }
      if (v == Verdict::Unknown) {
        s.pop();
        refuse(root, *op, "the solver could not decide it (non-linear arithmetic over the sizes)");
        return;
      }
      z3::model m = smallModel(s);
      s.pop();
      report(root, *op, *inst, m);
      return;  // one report per expression: its other operations build on this one
    }
  }

  /// "The operation leaves its type" as a formula over the operands' values.
  /// `divisorOnly`: a stored value's division, whose dividend may be data: its divisor 0.
  std::optional<z3::expr> violation(const Expr& e, Instance& inst, std::string& why, bool divisorOnly = false) {
    Encoder& enc = q_->enc;
    ScalarKind k = e.type.scalar;
    z3::expr lo = enc.wideVal(minValue(k)), hi = enc.wideVal(maxValue(k));
    if (divisorOnly) {
      std::optional<Poly> b = enc.intExpr(*e.args[1], inst, why);
      if (!b) return std::nullopt;
      return enc.toZ3(*b) == 0;
    }
    std::optional<Poly> a = enc.intExpr(*e.args[0], inst, why);
    if (!a) return std::nullopt;
    z3::expr A = enc.toZ3(*a);
    if (e.kind == ExprKind::Unary) return -A > hi;
    std::optional<Poly> b = enc.intExpr(*e.args[1], inst, why);
    if (!b) return std::nullopt;
    z3::expr B = enc.toZ3(*b);
    const model::Op op = e.op;
    if (op == model::Op::Add) return A + B < lo || A + B > hi;
    if (op == model::Op::Sub) return A - B < lo || A - B > hi;
    if (op == model::Op::Mul) return A * B < lo || A * B > hi;
    if (op == model::Op::Div || op == model::Op::Rem)
      return unsignedDivision(e) ? B == 0 : B == 0 || (A == lo && B == -1);
    int bits = integerBits(k);
    z3::expr badAmount = B < 0 || B >= q_->ctx.int_val(bits);
    if (op == model::Op::Shr || unsignedShift(e)) return badAmount;
    // x << s: x >= 0 and x * 2^s in range.
    if (b->isConst() && b->constValue() >= 0 && b->constValue() < bits)
      return A < 0 || A * enc.wideVal(Wide(1) << static_cast<int>(b->constValue())) > hi;
    std::optional<Poly> shifted = enc.intExpr(e, inst, why);  // a small loop variable: case split
    if (!shifted) return std::nullopt;
    return badAmount || A < 0 || enc.toZ3(*shifted) > hi;
  }

  /// A model with small sizes where there is one (a readable witness).
  /// A model with small parameters (|p| <= 2^k for the smallest k found by bisection
  /// on k): "n = 65792" tells where sizes stop fitting better than a huge value does.
  /// Powers of two only: a bound right at the overflow's threshold makes a hard
  /// non-linear question.
  z3::model smallModel(z3::solver& s) {
    Encoder& enc = q_->enc;
    z3::model found = s.get_model();
    if (enc.params().empty()) return found;
    auto within = [&](int bits) -> std::optional<z3::model> {
      Wide limit = Wide(1) << bits;
      s.push();
      for (const auto& [v, atom] : enc.params()) {
        z3::expr x = enc.atomExpr(atom);
        s.add(x >= enc.wideVal(-limit) && x <= enc.wideVal(limit));
      }
      std::optional<z3::model> m;
      if (q_->solve(s) == Verdict::Sat) m = s.get_model();
      s.pop();
      return m;
    };
    setBudget(kWitnessBudget);
    int lo = 7, hi = 0;  // nothing within 2^lo (tried below); a model within 2^hi
    Wide top = 0;
    for (const auto& [v, atom] : enc.params()) {
      Wide x = val(found, enc.atomExpr(atom));
      top = std::max(top, x < 0 ? -x : x);
    }
    while (hi < 64 && (Wide(1) << hi) < top) ++hi;
    if (std::optional<z3::model> m = within(8)) {
      found = *m;
      hi = lo;
    } else {
      lo = 8;
    }
    while (hi - lo > 1) {
      int mid = (lo + hi) / 2;
      if (std::optional<z3::model> m = within(mid)) {
        found = *m;
        hi = mid;
      } else {
        lo = mid;
      }
    }
    setBudget(kBudget);
    return found;
  }

  static constexpr unsigned kBudget = 4000000, kWitnessBudget = 300000;
  void setBudget(unsigned rlimit) {
    z3::params p(q_->ctx);
    p.set("rlimit", rlimit);
    solver_->set(p);
  }

  // ------------------------------------------------------------- reports

  std::string what(const Root& root, const Operation& op) const {
    return "'" + printExpr(*op.e) + "' in " + root.where;
  }

  /// Is `e` written in the kernel (an operand of the call), not in the instruction's header?
  bool inKernelSource(const Root& root, const Expr& e) {
    if (!root.instr) return true;
    auto it = operandExprs_.find(root.instr);
    if (it == operandExprs_.end()) {
      std::set<const Expr*> all;
      for (const ExprPtr& o : root.instr->operands) forEachExpr(o, [&](const Expr& x) { all.insert(&x); });
      it = operandExprs_.emplace(root.instr, std::move(all)).first;
    }
    return it->second.count(&e) > 0;
  }

  /// Reports at the operation, or at the call when it is in an instruction's meaning.
  SrcRange at(const Root& root, const Operation& op) { return inKernelSource(root, *op.e) ? op.e->range : root.instr->range; }

  void noteHeader(const Root& root, const Operation& op) {
    if (!inKernelSource(root, *op.e))
      sink_.diag(DiagID::note_access, op.e->range, {"the operation in the meaning of '" + root.instr->instr->name + "'"});
  }

  bool firstReport(const Root& root, const Operation& op) { return reported_.insert({op.e, root.instr}).second; }

  void refuse(const Root& root, const Operation& op, const std::string& because) {
    if (!firstReport(root, op)) return;
    sink_.diag(DiagID::err_cannot_prove, at(root, op),
               {"that " + what(root, op) + " does not overflow '" + op.e->type.scalarSpelling() + "'", because});
    noteHeader(root, op);
    proposeBound(root, op);
  }

  void report(const Root& root, const Operation& op, const Instance& inst, const z3::model& m) {
    if (!firstReport(root, op)) return;
    Encoder& enc = q_->enc;
    // The execution the model describes, run with C++'s meaning: every loop value
    // reached, every condition on the way taken, and the operands' values from
    // model/Evaluate (not from the encoding).
    AccessSite synthetic;
    Expr none;
    none.kind = ExprKind::IntLit;
    synthetic.expr = root.site ? root.site->expr : &none;
    synthetic.var = root.site ? root.site->var : nullptr;
    synthetic.path = root.path;
    synthetic.guards = root.guards;
    synthetic.guards.insert(synthetic.guards.end(), op.guards.begin(), op.guards.end());
    if (root.assume < 0)  // the launcher let it run: every assume holds
      for (const Expr* a : facts_.assumes) synthetic.guards.push_back({a, true});
    synthetic.instr = root.instr;
    Side side;
    side.site = &synthetic;
    side.inst = inst;
    std::vector<const Expr*> operands;
    for (const ExprPtr& a : op.e->args) operands.push_back(a.get());
    std::vector<std::optional<Wide>> values;
    WitnessCheck w = checkWitnessValues(enc, m, side, operands, values);
    std::string claim;
    std::string type = op.e->type.scalarSpelling();
    const bool byZero = (op.e->op == model::Op::Div || op.e->op == model::Op::Rem) && values.size() == 2 && values[1] &&
                        *values[1] == 0;
    if (w.real) claim = overflowText(*op.e, values);
    // A stored value's dividend may be data, without a value at the witness: its zero
    // divisor is what goes wrong (Root::divisionsOnly).
    if (!w.real || (claim.empty() && !(byZero && onlyDivisor(root, *op.e)))) {
      sink_.diag(DiagID::err_cannot_prove, at(root, op),
                 {"that " + what(root, op) + " does not overflow '" + type + "'",
                  !w.real ? unrealWitnessReason(w)
                          : "the counterexample found does not overflow when it is run (a limit of the prover)"});
      noteHeader(root, op);
      proposeBound(root, op);
      return;
    }
    if (byZero)
      sink_.diag(DiagID::err_divide_by_zero, at(root, op),
                 {operationName(*op.e), printExpr(*op.e), root.where, printExpr(*op.e->args[1])});
    else
      sink_.diag(DiagID::err_overflow, at(root, op), {operationName(*op.e), printExpr(*op.e), root.where, type, claim});
    noteHeader(root, op);
    sink_.diag(DiagID::note_witness, at(root, op), {witness(enc, m, inst, root, op)});
    if (!byZero) proposeBound(root, op);
  }

  /// What goes wrong at the replayed operand values; "" if nothing does.
  static std::string overflowText(const Expr& e, const std::vector<std::optional<Wide>>& v) {
    for (const auto& x : v)
      if (!x) return "";
    ScalarKind k = e.type.scalar;
    std::string range = "outside [" + text(minValue(k)) + ", " + text(maxValue(k)) + "]";
    auto paren = [](Wide x) { return x < 0 ? "(" + text(x) + ")" : text(x); };
    if (e.kind == ExprKind::Unary) {
      Wide r = -*v[0];
      return r > maxValue(k) ? "its value can be " + text(r) + " (-" + paren(*v[0]) + "), " + range : "";
    }
    Wide a = *v[0], b = *v[1];
    const model::Op op = e.op;
    int bits = integerBits(k);
    if (op == model::Op::Shl || op == model::Op::Shr) {
      if (b < 0 || b >= bits)
        return "it can shift by " + text(b) + ", but '" + e.type.scalarSpelling() + "' has " + std::to_string(bits) + " bits";
      if (op == model::Op::Shr || unsignedShift(e)) return "";
      if (a < 0) return "it can shift the negative value " + text(a);
      Wide r = a << static_cast<int>(b);
      return r > maxValue(k) ? "its value can be " + text(r) + " (" + text(a) + " << " + text(b) + "), " + range : "";
    }
    if ((op == model::Op::Div || op == model::Op::Rem) && b == 0) return "its divisor '" + printExpr(*e.args[1]) + "' can be 0";
    if (op == model::Op::Rem && a == minValue(k) && b == -1)
      return "'" + text(a) + " % -1' is undefined (its quotient " + text(-a) + " is " + range + ")";
    Wide r;
    if (op == model::Op::Add) r = a + b;
    else if (op == model::Op::Sub) r = a - b;
    else if (op == model::Op::Mul) r = a * b;
    else if (op == model::Op::Div) r = a / b;
    else return "";
    if (r >= minValue(k) && r <= maxValue(k)) return "";
    return "its value can be " + text(r) + " (" + paren(a) + " " + opSpelling(op) + " " + paren(b) + "), " + range;
  }

  /// The variables whose values the operation reads, through inlined scalars.
  void readVars(const Expr& e, std::set<const Var*>& out, int depth = 0) {
    if (depth > 32) return;
    std::function<void(const Expr&)> visit = [&](const Expr& x) {
      if (x.kind == ExprKind::Index) return;
      if (x.kind == ExprKind::VarRef && x.var && out.insert(x.var).second && x.var->kind == VarKind::Scalar) {
        auto d = facts_.decls.find(x.var);
        if (d != facts_.decls.end() && d->second.stmt->init) readVars(*d->second.stmt->init, out, depth + 1);
      }
      for (const ExprPtr& a : x.args)
        if (a) visit(*a);
    };
    visit(e);
  }

  std::string witness(const Encoder& enc, const z3::model& m, const Instance& inst, const Root& root, const Operation& op) {
    std::string out;
    for (const auto& [v, atom] : enc.params())
      out += (out.empty() ? "" : ", ") + v->name + " = " + std::to_string(val(m, enc.atomExpr(atom)));
    std::set<const Var*> reads;
    readVars(*op.e, reads);
    std::string loops;
    for (const Stmt* l : enclosingLoops(root.path)) {
      auto it = inst.loopVar.find(l->var);
      if (it == inst.loopVar.end() || !reads.count(l->var)) continue;
      loops += (loops.empty() ? "" : ", ") + l->var->name + " = " + std::to_string(val(m, enc.atomExpr(it->second)));
    }
    if (!loops.empty()) out += (out.empty() ? "" : "; ") + loops;
    std::string data = inputValuesText(enc, m);
    if (!data.empty()) out += (out.empty() ? "" : "; ") + data;
    return out.empty() ? "any parameter values" : out;
  }

  // ------------------------------------------------------------- fix-it

  /// The parameters an operation's value depends on: read directly, through inlined
  /// scalars, or through the bounds of the loops whose variables it reads.
  void paramsOf(const Expr& e, std::set<const Var*>& out, std::set<const Var*>& seen) {
    std::function<void(const Expr&)> visit = [&](const Expr& x) {
      if (x.kind == ExprKind::Index) return;
      if (x.kind == ExprKind::VarRef && x.var && seen.insert(x.var).second) {
        const Var* v = x.var;
        if (v->kind == VarKind::Param && !v->type.isPointer && isInteger(v->type.scalar)) out.insert(v);
        if (v->kind == VarKind::LoopVar) {
          auto l = facts_.loopOf.find(v);
          if (l != facts_.loopOf.end()) {
            if (l->second->lo) visit(*l->second->lo);
            if (l->second->hi) visit(*l->second->hi);
          }
        }
        if (v->kind == VarKind::Scalar) {
          auto d = facts_.decls.find(v);
          if (d != facts_.decls.end() && d->second.stmt->init) visit(*d->second.stmt->init);
        }
      }
      for (const ExprPtr& a : x.args)
        if (a) visit(*a);
    };
    visit(e);
  }

  /// `params` in the kernel's declaration order (any not among its parameters after
  /// them, by name and place).
  std::vector<const Var*> inOrder(const std::set<const Var*>& params) const {
    std::vector<const Var*> out;
    for (const Var* p : k_.params)
      if (params.count(p)) out.push_back(p);
    std::vector<const Var*> rest;
    for (const Var* p : params)
      if (std::find(out.begin(), out.end(), p) == out.end()) rest.push_back(p);
    std::stable_sort(rest.begin(), rest.end(), [](const Var* a, const Var* b) {
      return a->name != b->name ? a->name < b->name : a->loc.raw < b->loc.raw;
    });
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
  }

  /// A note with a fix-it inserting `exo::assume(p <= B ...)` at the top of the kernel:
  /// the largest B that the intervals prove the operation (and the rest of cover_) safe
  /// with, every parameter they depend on bounded by B, and also made non-negative when
  /// bounding above is not enough.
  void proposeBound(const Root& root, const Operation& op) {
    std::set<const Var*> params, seen;
    for (const Operation* o : cover_) paramsOf(*o->e, params, seen);
    paramsOf(*op.e, params, seen);
    if (params.empty() || !k_.body || k_.body->body.empty()) return;
    const Bounds& base = root.ranges->bounds();
    auto current = [&](const Var* p) {
      auto it = base.find(p);
      return it != base.end() ? it->second : std::make_pair(minValue(p->type.scalar), maxValue(p->type.scalar));
    };
    // Smaller bounds give smaller intervals, so "proven or vacuous" holds for every B
    // up to some largest one; that B is the answer if the operation is reached there.
    auto check = [&](Wide B, const std::set<const Var*>& nonNegative) {
      Bounds b = base;
      for (const Var* p : params) {
        auto& [lo, hi] = boundOf(b, p);
        hi = std::min(hi, B);
        if (nonNegative.count(p)) lo = std::max<Wide>(lo, 0);
        if (lo > hi) return Settled::Vacuous;
      }
      Ranges R(facts_, std::move(b));
      Settled first = intervalCheck(*op.e, R);
      if (first != Settled::Proven && first != Settled::Vacuous) return Settled::Unsettled;
      for (const Operation* o : cover_) {
        Settled v = intervalCheck(*o->e, R);
        if (v != Settled::Proven && v != Settled::Vacuous) return Settled::Unsettled;
      }
      return first;
    };
    auto holds = [&](Wide B, const std::set<const Var*>& nonNegative) {
      Settled v = check(B, nonNegative);
      return v == Settled::Proven || v == Settled::Vacuous;
    };
    Wide top = 0;
    for (const Var* p : params) top = std::max(top, current(p).second);
    // Bounded above only, or also made non-negative: the larger bound wins (a stride
    // that may be negative needs `>= 0`; an upper bound alone then stays tiny).
    std::optional<std::pair<Wide, std::set<const Var*>>> best;
    for (std::set<const Var*> nonNegative : {std::set<const Var*>{}, params}) {
      if (!holds(1, nonNegative)) continue;
      Wide lo = 1, hi = top;  // holds(lo); the answer is in [lo, hi]
      while (lo < hi) {
        Wide mid = lo + (hi - lo + 1) / 2;
        if (holds(mid, nonNegative)) lo = mid;
        else hi = mid - 1;
      }
      if (check(lo, nonNegative) != Settled::Proven) continue;
      // Only the parameters that need a lower bound get one: tried in declaration order
      // (not by address: which of two parameters keeps its bound depends on the order).
      for (const Var* p : inOrder(params)) {
        if (!nonNegative.count(p)) continue;
        nonNegative.erase(p);
        if (check(lo, nonNegative) != Settled::Proven) nonNegative.insert(p);
      }
      if (!best || lo > best->first) best = {lo, nonNegative};
    }
    if (!best) return;
    auto& [bound, nonNegative] = *best;
    std::string cond;
    for (const Var* p : k_.params) {
      if (!params.count(p)) continue;
      auto [curLo, curHi] = current(p);
      if (nonNegative.count(p) && curLo < 0) cond += (cond.empty() ? "" : " && ") + p->name + " >= 0";
      if (curHi > bound) cond += (cond.empty() ? "" : " && ") + p->name + " <= " + text(bound);
    }
    if (cond.empty()) return;
    const Stmt& first = *k_.body->body.front();
    const Expr& whole = cover_.empty() ? *op.e : *cover_.back()->e;
    sink_.diag(DiagID::note_overflow_fix, SrcRange{first.range.begin, first.range.begin},
               {cond, printExpr(whole), whole.type.scalarSpelling()},
               {FixIt{SrcRange{first.range.begin, SrcLoc{}}, "exo::assume(" + cond + ");\n"}});
  }

  const KernelFacts& facts_;
  const Kernel& k_;
  ProverStats& stats_;
  ProverLimits limits_;
  DiagSink& sink_;
  std::vector<Root> roots_;
  std::vector<ExprPtr> synthetic_;  // `v + step` of the loops
  std::shared_ptr<Ranges> body_;
  std::set<const Var*> modelUsed_;  // findModelUsedScalars
  std::map<const Var*, bool> readsInputMemo_;
  Path path_;
  const Stmt* instr_ = nullptr;
  std::optional<Queries> q_;
  std::optional<z3::solver> solver_;
  std::unordered_map<std::string, bool> asked_;  // question -> proven
  std::set<std::pair<const Expr*, const Stmt*>> reported_;
  std::map<const Stmt*, std::set<const Expr*>> operandExprs_;
  std::vector<const Operation*> cover_;
};

}  // namespace

void checkOverflow(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits, DiagSink& sink) {
  OverflowCheck(facts, stats, limits, sink).run();
}

}  // namespace exo::checker
