// A witness must be a real execution: before a counterexample is printed, it is run.
//
// The solver's model gives values to the parameters and to the loop variables around
// an access. This file evaluates the program at those values with model/Evaluate
// (C++'s meaning, independent of the Z3 encoding): each loop variable must be a value
// its loop really reaches, each `if`, `?:` arm and `&&`/`||` operand on the path must go
// the way the path goes, and the index must have the value the solver claims. A
// condition that reads memory is unknown and accepted (any data may make it true).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "checker/ProverQuery.h"

namespace exo::checker {

struct WitnessCheck {
  bool real = true;
  /// When not real: what fails ("the condition 't % (2 << l) == 0' is false for ...").
  std::string what;
  /// When the failure is a condition the prover could not encode: why it could not.
  std::string unmodelled;
};

/// Is the execution the model describes for side `s` one the program can take?
WitnessCheck checkWitness(const Encoder& enc, const z3::model& m, const Side& s);

/// checkWitness, then the C++ values (model/Evaluate) of `exprs` in that execution:
/// nullopt for one that reads memory or whose evaluation is undefined.
WitnessCheck checkWitnessValues(const Encoder& enc, const z3::model& m, const Side& s,
                                const std::vector<const model::Expr*>& exprs, std::vector<std::optional<model::Wide>>& values);

/// Both sides of a pair: the first one that is not real, else real.
WitnessCheck bothReal(const Encoder& enc, const z3::model& m, const Side& a, const Side& b);

/// The "because ..." of a refusal when a witness is not real.
std::string unrealWitnessReason(const WitnessCheck& w);

}  // namespace exo::checker
