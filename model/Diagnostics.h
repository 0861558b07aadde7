// The diagnostics interface between the (Clang-free) model passes and the tool.
#pragma once

#include <string>
#include <vector>

#include "model/Kernel.h"

namespace exo::model {

enum class DiagID {
#define DIAG(ID, LEVEL, TEXT) ID,
#include "model/Diagnostics.def"
#undef DIAG
};

enum class DiagLevel { Error, Warning, Note };

DiagLevel diagLevel(DiagID id);
const char* diagText(DiagID id);
const char* diagName(DiagID id);
/// The warning flag of a warning, without "-W" ("exo-unneeded-sync"); "" for others.
const char* diagFlag(DiagID id);

struct FixIt {
  SrcRange range;  // replaced token range; range.end invalid: insert before range.begin
  std::string text;
};

struct Diagnostic {
  DiagID id;
  SrcRange range;
  std::vector<std::string> args;
  std::vector<FixIt> fixits;
};

/// Receives diagnostics. Notes follow the error or warning they belong to.
class DiagSink {
public:
  virtual ~DiagSink() = default;
  virtual void report(const Diagnostic& d) = 0;

  /// Convenience: report and return *this for chaining notes.
  DiagSink& diag(DiagID id, SrcRange r, std::vector<std::string> args = {},
                 std::vector<FixIt> fixits = {}) {
    if (diagLevel(id) == DiagLevel::Error) ++errors;
    if (id == DiagID::err_cannot_prove) ++cannotProve;
    report(Diagnostic{id, r, std::move(args), std::move(fixits)});
    return *this;
  }
  DiagSink& diag(DiagID id, SrcLoc l, std::vector<std::string> args = {}) {
    return diag(id, SrcRange{l, l}, std::move(args));
  }
  unsigned errors = 0;
  unsigned cannotProve = 0;  // of them, err_cannot_prove (the refusals a limit can decide)
};

}  // namespace exo::model
