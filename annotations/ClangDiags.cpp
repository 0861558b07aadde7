#include "annotations/ClangDiags.h"

#include "clang/Basic/DiagnosticIDs.h"

namespace exo {

unsigned clangDiagID(clang::DiagnosticsEngine& engine, model::DiagID id, bool asError) {
  using L = clang::DiagnosticIDs::Level;
  model::DiagLevel level = model::diagLevel(id);
  std::string text = model::diagText(id);
  std::string flag = model::diagFlag(id);
  if (level == model::DiagLevel::Warning && !flag.empty())
    text += (asError ? " [-Werror,-W" : " [-W") + flag + "]";
  L l = level == model::DiagLevel::Error || asError ? L::Error
        : level == model::DiagLevel::Warning       ? L::Warning
                                                   : L::Note;
  return engine.getDiagnosticIDs()->getCustomDiagID(l, text);
}

bool WarningOptions::consume(const std::string& arg) {
  llvm::StringRef a(arg);
  if (a == "-w") ignoreAll = true;
  else if (a == "-Werror") allErrors = true;
  else if (a == "-Wno-error") allErrors = false;
  if (!a.starts_with("-W")) return false;
  llvm::StringRef rest = a.drop_front(2);
  bool negated = rest.consume_front("no-");
  bool error = rest.consume_front("error=");
  if (!rest.starts_with("exo-")) return false;
  bool known = false;
#define DIAG(ID, LEVEL, TEXT)
#define DIAG_FLAG(ID, FLAG) known |= rest == FLAG;
#include "model/Diagnostics.def"
#undef DIAG_FLAG
#undef DIAG
  if (!known) {
    unknown.push_back(arg);
    return true;
  }
  if (error) {
    asError[rest.str()] = !negated;
    if (!negated) enabled[rest.str()] = true;  // like Clang: -Werror=x also enables x
  } else {
    enabled[rest.str()] = !negated;
  }
  return true;
}

WarningOptions::Verdict WarningOptions::verdict(const std::string& flag) const {
  auto on = enabled.find(flag);
  if (ignoreAll || (on != enabled.end() && !on->second)) return Verdict::Ignore;
  auto err = asError.find(flag);
  bool error = err != asError.end() ? err->second : allErrors;
  return error ? Verdict::Error : Verdict::Warn;
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
  model::DiagLevel level = model::diagLevel(d.id);
  if (level == model::DiagLevel::Note && dropNotes_) return;
  dropNotes_ = false;
  bool asError = false;
  if (level == model::DiagLevel::Warning) {
    WarningOptions none;
    switch ((warnings_ ? *warnings_ : none).verdict(model::diagFlag(d.id))) {
      case WarningOptions::Verdict::Ignore: dropNotes_ = true; return;
      case WarningOptions::Verdict::Error: asError = true; break;
      case WarningOptions::Verdict::Warn: break;
    }
  }
  clang::SourceLocation begin = toClang(d.range.begin);
  clang::SourceLocation end = d.range.end.valid() ? toClang(d.range.end) : begin;
  auto builder = engine_.Report(begin, clangDiagID(engine_, d.id, asError));
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
