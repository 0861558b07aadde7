// Bridges the model's diagnostic table (model/Diagnostics.def) to Clang's
// DiagnosticsEngine, so every exo diagnostic prints clang-style with a caret and
// carries fix-its that IDEs and --export-fixes can apply.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include "model/Diagnostics.h"

namespace exo {

/// Clang's custom diagnostic ID for one of ours (created on first use per engine). A
/// warning's text ends with its flag, ' [-Wexo-...]'; `asError`: the warning promoted
/// by -Werror, as an error ending with ' [-Werror,-Wexo-...]'.
unsigned clangDiagID(clang::DiagnosticsEngine& engine, model::DiagID id, bool asError = false);

inline model::SrcLoc toSrcLoc(clang::SourceLocation l) {
  return model::SrcLoc{l.getRawEncoding()};
}
inline model::SrcRange toSrcRange(clang::SourceRange r) {
  return model::SrcRange{toSrcLoc(r.getBegin()), toSrcLoc(r.getEnd())};
}
inline clang::SourceLocation toClang(model::SrcLoc l) {
  return clang::SourceLocation::getFromRawEncoding(static_cast<clang::SourceLocation::UIntTy>(l.raw));
}

/// What the warning options of a compile command (`-w`, `-Werror`, `-Wno-error`,
/// `-W[no-]exo-<name>`, `-W[no-]error=exo-<name>`, in order, the last one winning) say
/// about exo's warnings. Clang never sees the `exo-` ones (it would call them unknown).
struct WarningOptions {
  bool ignoreAll = false;                 // -w
  bool allErrors = false;                 // -Werror
  std::map<std::string, bool> enabled;    // flag (without -W) -> -Wflag / -Wno-flag
  std::map<std::string, bool> asError;    // flag -> -Werror=flag / -Wno-error=flag
  std::vector<std::string> unknown;       // -W...exo-<name> with no such exo warning

  /// Reads one compiler argument; true if it is an exo warning option (to keep from Clang).
  bool consume(const std::string& arg);

  enum class Verdict { Ignore, Warn, Error };
  Verdict verdict(const std::string& flag) const;
};

/// A DiagSink that reports through Clang's engine.
class ClangDiagSink : public model::DiagSink {
public:
  ClangDiagSink(clang::DiagnosticsEngine& engine, const clang::LangOptions& langOpts,
                const WarningOptions* warnings = nullptr)
      : engine_(engine), langOpts_(langOpts), warnings_(warnings) {}
  void report(const model::Diagnostic& d) override;

  /// Every fix-it reported so far, as file replacements (for --export-fixes).
  const std::vector<clang::tooling::Replacement>& replacements() const { return replacements_; }

private:
  std::string indentationBefore(clang::SourceLocation loc) const;

  clang::DiagnosticsEngine& engine_;
  const clang::LangOptions& langOpts_;
  const WarningOptions* warnings_;
  bool dropNotes_ = false;  // the notes of an ignored warning go with it
  std::vector<clang::tooling::Replacement> replacements_;
};

}  // namespace exo
