// Source-like text of model expressions, for the prover's messages.
#pragma once

#include <string>

#include "model/Kernel.h"

namespace exo::checker {

std::string exprText(const model::Expr& e);

}  // namespace exo::checker
