// Small traversal helpers over the model.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <utility>

#include "model/Kernel.h"

namespace exo::model {

/// The condition under which C++ evaluates operand `i` of `e`, and the value it must
/// have: the arms of `c ? a : b` (c true / false), the right operand of `&&` (left true)
/// and `||` (left false); nullopt for an operand that always runs.
std::optional<std::pair<const Expr*, bool>> operandGuard(const Expr& e, size_t i);

/// Calls f on e and every sub-expression (pre-order).
void forEachExpr(const ExprPtr& e, const std::function<void(const Expr&)>& f);

/// The first variable of e (pre-order) that is in `vars`, or null (also for a null e).
const Var* firstVarIn(const ExprPtr& e, const std::set<const Var*>& vars);

/// Calls f on every expression directly held by s (not by its child statements): the
/// non-null fields of Stmt::forEachExprField, in its order.
void forEachOwnExpr(const Stmt& s, const std::function<void(const ExprPtr&)>& f);

/// The first of `vars` that operand i of instruction call `call` depends on as a place:
/// for a memory operand naming an array (a shared tile, a register array), only its
/// indices (where it is, not what it holds); for any other operand (a value, a pointer),
/// the whole expression.
const Var* firstVarInOperand(const Stmt& call, size_t i, const std::set<const Var*>& vars);

/// The first name in e that is not a scalar parameter or a constant ("" if none):
/// what launch-time expressions (grid bounds, assumes) may not use.
std::string firstNonParameter(const ExprPtr& e);

/// The variables whose value may depend on `seeds` in `body`: the seeds and every
/// variable assigned or declared from one of them, or under a condition or loop bound
/// that reads one (to a fixed point; an array written at such an index counts, and an
/// array an instruction writes when one of its operands depends on them).
std::set<const Var*> varsDependingOn(Stmt& body, std::set<const Var*> seeds);

/// Pre-order walk of statements; `enter` returns false to skip a subtree. The path
/// holds the enclosing statements, outermost first (s itself excluded).
void walkStmts(Stmt& s, const std::function<bool(Stmt&, const std::vector<Stmt*>& path)>& enter);

/// Whether `s` or a statement under it is a barrier of the whole block (or cluster).
bool containsBlockBarrier(const Stmt& s);

/// The global arrays (pointer parameters) that some instruction under `s` accesses through
/// a TMA tensor map (a ring copy, a TMA store or reduction): the launcher builds their
/// maps from exo::extent, and the async proxy touches them.
std::set<const Var*> tensorMapGlobals(const Stmt& s);
/// Those that some TMA copy under `s` reads (a ring copy's source): what an
/// exo::l2_policy hint reaches.
std::set<const Var*> tmaLoadSources(const Stmt& s);

}  // namespace exo::model
