// Prints model expressions as C/C++ source, with C++ precedence (parentheses only where
// needed). Used by the rewriter (lowered: distributed-register indices dropped) and by
// diagnostics (as written).
#pragma once

#include <string>

#include "model/Kernel.h"

namespace exo::model {

/// `e` in C syntax. `lowered`: as in the generated CUDA, where a distributed register
/// array keeps only the indices its owning thread does not imply.
std::string printExpr(const Expr& e, bool lowered = false);
inline std::string printExpr(const ExprPtr& e, bool lowered = false) { return printExpr(*e, lowered); }

}  // namespace exo::model
