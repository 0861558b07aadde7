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

/// The whitespace between the start of the line and `loc`, if only whitespace is there:
/// an inserted line ("...\n") must restore the indentation of the code it pushes down.
std::string ClangDiagSink::indentationBefore(clang::SourceLocation loc) const {
  const clang::SourceManager& sm = engine_.getSourceManager();
  if (!loc.isFileID()) return "";
  bool invalid = false;
  llvm::StringRef buffer = sm.getBufferData(sm.getFileID(loc), &invalid);
  if (invalid) return "";
  unsigned end = sm.getFileOffset(loc), begin = end;
  while (begin > 0 && (buffer[begin - 1] == ' ' || buffer[begin - 1] == '\t')) --begin;
  if (begin > 0 && buffer[begin - 1] != '\n') return "";
  return buffer.substr(begin, end - begin).str();
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
    clang::CharSourceRange r = f.range.end.valid()
                                   ? clang::CharSourceRange::getTokenRange(fb, toClang(f.range.end))
                                   : clang::CharSourceRange::getCharRange(fb, fb);  // insertion
    std::string text = f.text;
    if (!f.range.end.valid() && !text.empty() && text.back() == '\n') text += indentationBefore(fb);
    builder << clang::FixItHint::CreateReplacement(r, text);
    replacements_.emplace_back(engine_.getSourceManager(), r, text, langOpts_);
  }
}

}  // namespace exo
