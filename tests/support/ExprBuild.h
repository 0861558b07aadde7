// Small builders of model expressions and types for the random kernel generators
// (tests/support/Random*Kernel.cpp): one copy, shared.
#pragma once

#include <utility>
#include <vector>

#include "model/Kernel.h"

namespace exo::test {

inline model::ExprPtr lit(int64_t v) { return model::Expr::intLit(v); }
inline model::ExprPtr ref(model::Var* v) { return model::Expr::varRef(v); }
inline model::ExprPtr bin(const char* op, model::ExprPtr a, model::ExprPtr b) {
  return model::Expr::binary(op, std::move(a), std::move(b));
}
inline model::Type floatType() {
  model::Type f;
  f.scalar = model::ScalarKind::Float;
  return f;
}
/// `float* __restrict__` (const: `const float* __restrict__`).
inline model::Type floatPointer(bool pointeeConst) {
  model::Type t = floatType();
  t.isPointer = true;
  t.isRestrict = true;
  t.pointeeConst = pointeeConst;
  return t;
}
/// v[args...] as a float element.
inline model::ExprPtr floatIndex(model::Var* v, std::vector<model::ExprPtr> args) {
  return model::Expr::index(v, std::move(args), floatType());
}

}  // namespace exo::test
