#include "tool/Explanations.h"

#include "llvm/ADT/StringRef.h"

namespace exo {

const char* explanationSummary(model::DiagID id) {
  switch (id) {
#define DIAG(ID, LEVEL, TEXT)
#define DIAG_EXPLAIN(ID, SUMMARY, TEXT) \
  case model::DiagID::ID: return SUMMARY;
#include "model/Diagnostics.def"
#undef DIAG_EXPLAIN
#undef DIAG
    default: break;
  }
  return "";
}

std::string explanationText(model::DiagID id) {
  const char* text = "";
  switch (id) {
#define DIAG(ID, LEVEL, TEXT)
#define DIAG_EXPLAIN(ID, SUMMARY, TEXT) \
  case model::DiagID::ID: text = TEXT; break;
#include "model/Diagnostics.def"
#undef DIAG_EXPLAIN
#undef DIAG
    default: break;
  }
  return llvm::StringRef(text).trim().str();
}

std::optional<model::DiagID> diagIdByName(const std::string& name) {
  llvm::StringRef n(name);
  bool flag = n.consume_front("-W");
#define DIAG(ID, LEVEL, TEXT) \
  if (!flag && n == #ID) return model::DiagID::ID;
#define DIAG_FLAG(ID, FLAG) \
  if (n == FLAG) return model::DiagID::ID;
#include "model/Diagnostics.def"
#undef DIAG_FLAG
#undef DIAG
  return std::nullopt;
}

std::string closestDiagName(const std::string& name) {
  std::string best;
  unsigned bestDistance = 4;  // no suggestion further than 3 edits
#define DIAG(ID, LEVEL, TEXT)                                                     \
  if (unsigned d = llvm::StringRef(#ID).edit_distance(name, true, bestDistance); \
      d < bestDistance) {                                                         \
    bestDistance = d;                                                             \
    best = #ID;                                                                   \
  }
#include "model/Diagnostics.def"
#undef DIAG
  return best;
}

std::string explainDiagnostic(model::DiagID id) {
  std::string level = model::diagLevel(id) == model::DiagLevel::Error     ? "error"
                      : model::diagLevel(id) == model::DiagLevel::Warning ? "warning"
                                                                          : "note";
  std::string flag = model::diagFlag(id);
  std::string out = std::string(model::diagName(id)) + " (" + level + (flag.empty() ? "" : ", -W" + flag) +
                    "): " + explanationSummary(id) + "\n\n";
  out += "  " + std::string(model::diagText(id)) + "\n\n";
  out += explanationText(id) + "\n";
  return out;
}

}  // namespace exo
