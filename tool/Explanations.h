// exo-cuda --explain <ID>: the longer explanation of each diagnostic, with examples
// (DIAG_EXPLAIN in model/Diagnostics.def, next to the messages).
#pragma once

#include <optional>
#include <string>

#include "model/Diagnostics.h"

namespace exo {

/// One line: what the diagnostic means ("" if it has no explanation).
const char* explanationSummary(model::DiagID id);
/// The longer text with its examples, trimmed ("" if it has no explanation).
std::string explanationText(model::DiagID id);
/// The ID named `name`: an ID ("err_race") or a warning's flag ("-Wexo-unneeded-sync",
/// "exo-unneeded-sync").
std::optional<model::DiagID> diagIdByName(const std::string& name);
/// The closest ID to a misspelled name, or "".
std::string closestDiagName(const std::string& name);
/// What --explain prints: ID, level, flag, summary, message pattern, text.
std::string explainDiagnostic(model::DiagID id);

}  // namespace exo
