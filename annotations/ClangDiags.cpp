#include "annotations/ClangDiags.h"

#include "clang/Basic/DiagnosticIDs.h"

namespace exo {

unsigned clangDiagID(clang::DiagnosticsEngine& engine, model::DiagID id) {
  using L = clang::DiagnosticsEngine::Level;
  // getCustomDiagID wants string literals; the table expands to exactly that.
  switch (id) {
#define DIAG(ID, LEVEL, TEXT)                                                   \
  case model::DiagID::ID: {                                                     \
    L level = model::DiagLevel::LEVEL == model::DiagLevel::Error     ? L::Error \
              : model::DiagLevel::LEVEL == model::DiagLevel::Warning ? L::Warning \
                                                                     : L::Note; \
    return engine.getCustomDiagID(level, TEXT);                                 \
  }
#include "model/Diagnostics.def"
#undef DIAG
  }
  return 0;
}

void ClangDiagSink::report(const model::Diagnostic& d) {
  clang::SourceLocation begin = toClang(d.range.begin);
  clang::SourceLocation end = d.range.end.valid() ? toClang(d.range.end) : begin;
  auto builder = engine_.Report(begin, clangDiagID(engine_, d.id));
  for (const std::string& a : d.args) builder << a;
  // Underline single-line constructs only: a whole loop nest underlined is noise.
  const clang::SourceManager& sm = engine_.getSourceManager();
  if (begin.isValid() && end.isValid() && sm.getExpansionLineNumber(begin) == sm.getExpansionLineNumber(end))
    builder << clang::SourceRange(begin, end);
  for (const model::FixIt& f : d.fixits) {
    clang::SourceLocation fb = toClang(f.range.begin);
    if (!f.range.end.valid())  // insertion before range.begin
      builder << clang::FixItHint::CreateInsertion(fb, f.text);
    else if (f.text.empty())
      builder << clang::FixItHint::CreateRemoval(
          clang::CharSourceRange::getTokenRange(fb, toClang(f.range.end)));
    else
      builder << clang::FixItHint::CreateReplacement(
          clang::CharSourceRange::getTokenRange(fb, toClang(f.range.end)), f.text);
  }
}

}  // namespace exo
