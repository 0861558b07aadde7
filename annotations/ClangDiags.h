// Bridges the model's diagnostic table (model/Diagnostics.def) to Clang's
// DiagnosticsEngine, so every exo diagnostic prints clang-style with a caret and
// carries fix-its that IDEs and --export-fixes can apply.
#pragma once

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include "model/Diagnostics.h"

namespace exo {

/// Clang's custom diagnostic ID for one of ours (created on first use per engine).
unsigned clangDiagID(clang::DiagnosticsEngine& engine, model::DiagID id);

inline model::SrcLoc toSrcLoc(clang::SourceLocation l) {
  return model::SrcLoc{l.getRawEncoding()};
}
inline model::SrcRange toSrcRange(clang::SourceRange r) {
  return model::SrcRange{toSrcLoc(r.getBegin()), toSrcLoc(r.getEnd())};
}
inline clang::SourceLocation toClang(model::SrcLoc l) {
  return clang::SourceLocation::getFromRawEncoding(static_cast<clang::SourceLocation::UIntTy>(l.raw));
}

/// A DiagSink that reports through Clang's engine.
class ClangDiagSink : public model::DiagSink {
public:
  ClangDiagSink(clang::DiagnosticsEngine& engine, const clang::LangOptions& langOpts)
      : engine_(engine), langOpts_(langOpts) {}
  void report(const model::Diagnostic& d) override;

  /// Every fix-it reported so far, as file replacements (for --export-fixes).
  const std::vector<clang::tooling::Replacement>& replacements() const { return replacements_; }

private:
  std::string indentationBefore(clang::SourceLocation loc) const;

  clang::DiagnosticsEngine& engine_;
  const clang::LangOptions& langOpts_;
  std::vector<clang::tooling::Replacement> replacements_;
};

}  // namespace exo
