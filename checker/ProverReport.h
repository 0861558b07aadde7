// The text of witnesses in the prover's diagnostics: which thread, block, element and
// parameter values a satisfying model describes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <z3++.h>

#include "checker/ProverQuery.h"

namespace exo::checker {

/// Re-solves a satisfiable query with small parameters, for a readable witness.
void smallWitness(Queries& q, z3::solver& s);

/// The model's value of an integer term (0 if it has none).
int64_t val(const z3::model& m, const z3::expr& e);

/// "(v1, v2, ...)": the values of `loops`' variables on side `s`.
std::string tuple(const Encoder& enc, const z3::model& m, const Side& s, const std::vector<const model::Stmt*>& loops);
/// "(b1, ...)": the block of side `s`.
std::string blockText(const Encoder& enc, const z3::model& m, const Side& s);
/// "thread (t1, ...) of block (b1, ...)".
/// For an access made by an instruction's meaning: a note at the access itself.
void noteMeaning(model::DiagSink& sink, const AccessSite& s);

std::string threadText(const Encoder& enc, const z3::model& m, const Side& s);
/// "x[i][j]": the element side `s` touches.
std::string elementText(const Encoder& enc, const z3::model& m, const Side& s);
/// The parameter values and the sequential loop iterations of the witness.
std::string witnessText(const Encoder& enc, const z3::model& m, const Side& a, const Side& b);
/// "idx[3] = -1, ...": the modelled input elements the model's question reads.
std::string inputValuesText(const Encoder& enc, const z3::model& m);

}  // namespace exo::checker
