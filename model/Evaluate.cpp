#include "model/Evaluate.h"

#include <algorithm>

#include "model/ExprPrinter.h"

namespace exo::model {

int integerBits(ScalarKind k) {
  switch (k) {
    case ScalarKind::Bool: return 1;
    case ScalarKind::Char: case ScalarKind::SChar: case ScalarKind::UChar: return 8;
    case ScalarKind::Short: case ScalarKind::UShort: return 16;
    case ScalarKind::Int: case ScalarKind::UInt: return 32;
    case ScalarKind::Long: case ScalarKind::ULong: return 64;
    default: return 0;
  }
}

bool isUnsignedKind(ScalarKind k) {
  return k == ScalarKind::UInt || k == ScalarKind::ULong || k == ScalarKind::Bool || k == ScalarKind::UChar ||
         k == ScalarKind::UShort;
}

static bool isIntegerKind(ScalarKind k) { return integerBits(k) > 0; }

Wide minValue(ScalarKind k) { return isUnsignedKind(k) ? 0 : -(Wide(1) << (integerBits(k) - 1)); }

Wide maxValue(ScalarKind k) {
  int bits = integerBits(k);
  return isUnsignedKind(k) ? (Wide(1) << bits) - 1 : (Wide(1) << (bits - 1)) - 1;
}

Wide convertInteger(Wide v, ScalarKind to) {
  if (to == ScalarKind::Bool) return v != 0;
  Wide modulus = Wide(1) << integerBits(to);
  Wide r = v % modulus;
  if (r < 0) r += modulus;
  if (!isUnsignedKind(to) && r > maxValue(to)) r -= modulus;  // two's complement
  return r;
}

bool conversionKeepsValue(ScalarKind from, ScalarKind to) {
  if (from == to) return true;
  if (to == ScalarKind::Bool) return false;
  if (from == ScalarKind::Bool) return true;
  bool fromU = isUnsignedKind(from), toU = isUnsignedKind(to);
  if (fromU == toU) return integerBits(to) >= integerBits(from);
  return fromU && integerBits(to) > integerBits(from);  // unsigned into a wider signed type
}

namespace {

struct Evaluator {
  const Env& env;
  const Reader& read;
  std::string undefined;

  std::optional<Wide> fail(const Expr& e, const char* what) {
    if (undefined.empty()) undefined = std::string(what) + " in '" + printExpr(e) + "'";
    return std::nullopt;
  }

  /// A result of C++ arithmetic in e's type: wraps if unsigned, undefined if a signed
  /// result does not fit.
  std::optional<Wide> result(const Expr& e, Wide v) {
    ScalarKind k = e.type.scalar;
    if (!isIntegerKind(k)) return std::nullopt;
    if (isUnsignedKind(k)) return convertInteger(v, k);
    if (v < minValue(k) || v > maxValue(k)) return fail(e, "signed overflow");
    return v;
  }

  std::optional<Wide> eval(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLit: {
        Wide v = e.ival;
        if (e.type.scalar == ScalarKind::ULong && v < 0) v += Wide(1) << 64;
        return v;
      }
      case ExprKind::VarRef:
        return e.var ? env(e.var) : std::nullopt;
      case ExprKind::Index: {
        if (!read || !e.var || e.args.size() != 1 || !e.args[0] || !isIntegerKind(e.type.scalar) || e.type.isPointer)
          return std::nullopt;
        std::optional<Wide> i = eval(*e.args[0]);
        if (!i) return std::nullopt;
        return read(e.var, *i);
      }
      case ExprKind::FloatLit: case ExprKind::Call: case ExprKind::Window:
        return std::nullopt;
      case ExprKind::Cast: {
        if (e.args.size() != 1 || !isIntegerKind(e.type.scalar) || e.type.isPointer) return std::nullopt;
        std::optional<Wide> a = eval(*e.args[0]);
        if (!a) return std::nullopt;
        return convertInteger(*a, e.type.scalar);
      }
      case ExprKind::Select: {
        std::optional<Wide> c = eval(*e.args[0]);
        if (!c) return std::nullopt;
        return eval(*e.args[*c ? 1 : 2]);
      }
      case ExprKind::Unary: {
        std::optional<Wide> a = eval(*e.args[0]);
        if (!a) return std::nullopt;
        if (e.op == Op::Not) return *a == 0;
        if (e.op == Op::Neg) return result(e, -*a);
        if (e.op == Op::BitNot) return result(e, isUnsignedKind(e.type.scalar) ? maxValue(e.type.scalar) - *a : ~*a);
        return *a;
      }
      case ExprKind::Binary: return binary(e);
    }
    return std::nullopt;
  }

  std::optional<Wide> binary(const Expr& e) {
    const Op op = e.op;
    std::optional<Wide> a = eval(*e.args[0]);
    if (op == Op::LogAnd || op == Op::LogOr) {  // the right operand runs only when it decides
      if (!a) return std::nullopt;
      if ((op == Op::LogAnd) != (*a != 0)) return op == Op::LogOr;
      std::optional<Wide> b = eval(*e.args[1]);
      if (!b) return std::nullopt;
      return *b != 0;
    }
    std::optional<Wide> b = eval(*e.args[1]);
    if (!a || !b) return std::nullopt;
    Wide x = *a, y = *b;
    if (op == Op::Lt) return x < y;
    if (op == Op::Le) return x <= y;
    if (op == Op::Gt) return x > y;
    if (op == Op::Ge) return x >= y;
    if (op == Op::Eq) return x == y;
    if (op == Op::Ne) return x != y;
    if (op == Op::Add) return result(e, x + y);
    if (op == Op::Sub) return result(e, x - y);
    if (op == Op::Mul) return result(e, x * y);
    if (op == Op::Div || op == Op::Rem) {
      if (y == 0) return fail(e, "division by zero");
      return result(e, op == Op::Div ? x / y : x % y);  // both truncate toward zero, as C++
    }
    if (op == Op::Shl || op == Op::Shr) {
      int bits = integerBits(e.type.scalar);
      if (y < 0 || y >= bits) return fail(e, "shift by a negative amount or by the width or more");
      if (op == Op::Shr) return x >> static_cast<int>(y);  // arithmetic for negative signed values
      if (x < 0) return fail(e, "left shift of a negative value");
      Wide shifted = x << static_cast<int>(y);
      if (isUnsignedKind(e.type.scalar)) return convertInteger(shifted, e.type.scalar);
      // C++17: defined when the result fits the unsigned type of the same width.
      if (shifted > (Wide(1) << bits) - 1) return fail(e, "signed overflow");
      return convertInteger(shifted, e.type.scalar);
    }
    // Bitwise operators on values of one type: two's complement in 128 bits agrees with
    // the narrower type's (sign extension commutes with &, |, ^).
    if (op == Op::BitAnd) return x & y;
    if (op == Op::BitOr) return x | y;
    if (op == Op::BitXor) return x ^ y;
    return std::nullopt;
  }
};

/// The kind both sides of `v < hi` are compared in.
ScalarKind compareKind(const Stmt& loop) {
  return loop.compareAs ? *loop.compareAs : loop.var ? loop.var->type.scalar : ScalarKind::Int;
}

}  // namespace

Evaluation evaluate(const Expr& e, const Env& env, const Reader& read) {
  Evaluator ev{env, read, {}};
  Evaluation r;
  r.value = ev.eval(e);
  if (!r.value) r.undefined = ev.undefined;
  return r;
}

std::optional<int64_t> constantValue(const Expr& e) {
  std::optional<Wide> v = evaluate(e, [](const Var*) -> std::optional<Wide> { return std::nullopt; }).value;
  if (!v || *v > INT64_MAX || *v < INT64_MIN) return std::nullopt;
  return static_cast<int64_t>(*v);
}

LoopEnd runLoop(const Stmt& loop, Wide start, const Env& env, int64_t limit,
                const std::function<bool(Wide)>& visit, const Reader& read) {
  ScalarKind var = loop.var ? loop.var->type.scalar : ScalarKind::Int;
  ScalarKind cmp = compareKind(loop);
  Wide v = convertInteger(start, var);  // the declaration converts the initializer
  for (int64_t i = 0; i < limit; ++i) {
    std::optional<Wide> hi = evaluate(*loop.hi, env, read).value;
    if (!hi) return LoopEnd::Unknown;
    if (!(convertInteger(v, cmp) < *hi)) return LoopEnd::Done;
    if (!visit(v)) return LoopEnd::Stopped;
    Wide next = v + loop.step;
    if (!isUnsignedKind(var) && next > maxValue(var)) return LoopEnd::Undefined;
    v = isUnsignedKind(var) ? convertInteger(next, var) : next;
  }
  return LoopEnd::TooLong;
}

int64_t constantTripCount(const Stmt& loop, int64_t limit) {
  if (loop.kind != StmtKind::For || !loop.lo || !loop.hi || !loop.var || loop.step <= 0) return -1;
  Env none = [](const Var*) -> std::optional<Wide> { return std::nullopt; };
  std::optional<Wide> lo = evaluate(*loop.lo, none).value, hi = evaluate(*loop.hi, none).value;
  if (!lo || !hi) return -1;
  ScalarKind var = loop.var->type.scalar, cmp = compareKind(loop);
  if (!isIntegerKind(var) || !isIntegerKind(cmp)) return -1;
  Wide v = convertInteger(*lo, var);  // the declaration converts the initializer
  // Iterations k = 0, 1, ... run while convert(v + k*step, cmp) < hi. The conversion is
  // increasing on the negative and on the non-negative values of the variable (it adds
  // 2^width to negatives when cmp is unsigned), so each part is a prefix: count it in
  // closed form.
  auto countBelow = [&](Wide start, Wide bound) -> Wide {
    return bound > start ? (bound - start + loop.step - 1) / loop.step : 0;
  };
  Wide n = 0;
  if (v < 0) {
    Wide shift = convertInteger(-1, cmp) + 1;  // 2^width when cmp is unsigned, else 0
    Wide negatives = countBelow(v, 0);
    Wide run = std::min(negatives, countBelow(v + shift, *hi));
    n += run;
    if (run < negatives) return n > limit ? -1 : static_cast<int64_t>(n);
    v += negatives * loop.step;
  }
  n += countBelow(v, *hi);
  // The last `v += step` must not overflow a signed variable (undefined behaviour).
  Wide last = convertInteger(*lo, var) + n * loop.step;
  if (!isUnsignedKind(var) && last > maxValue(var)) return -1;
  return n > limit ? -1 : static_cast<int64_t>(n);
}

}  // namespace exo::model
