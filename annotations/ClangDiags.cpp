#include "annotations/ClangDiags.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Lex/Lexer.h"

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
    clang::CharSourceRange r = f.range.end.valid()
                                   ? clang::CharSourceRange::getTokenRange(fb, toClang(f.range.end))
                                   : clang::CharSourceRange::getCharRange(fb, fb);  // insertion
    builder << clang::FixItHint::CreateReplacement(r, f.text);
    record(r, f.text);
  }
}

void ClangDiagSink::record(const clang::CharSourceRange& range, const std::string& text) {
  const clang::SourceManager& sm = engine_.getSourceManager();
  clang::CharSourceRange chars =
      clang::Lexer::makeFileCharRange(range, sm, clang::LangOptions());
  if (chars.isInvalid()) return;
  auto [fid, begin] = sm.getDecomposedLoc(chars.getBegin());
  unsigned end = sm.getFileOffset(chars.getEnd());
  clang::OptionalFileEntryRef fe = sm.getFileEntryRefForID(fid);
  if (!fe) return;
  replacements_.push_back({fe->getName().str(), begin, end - begin, text});
}

}  // namespace exo
