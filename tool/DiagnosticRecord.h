// Diagnostics as data: what --format=json / --format=sarif print and what --lsp publishes.
// A record is built from a Clang diagnostic (ours are Clang custom diagnostics, see
// annotations/ClangDiags) by DiagnosticRecorder; the stable exo ID (model/Diagnostics.def)
// and the -W flag travel with it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"
#include "model/Diagnostics.h"

namespace exo {

/// A position in a source file: 1-based line; 1-based column counted in bytes (as Clang
/// prints it) and in Unicode code points (SARIF's columnKind "unicodeCodePoints") and in
/// UTF-16 code units (LSP's default position encoding).
struct DiagPosition {
  unsigned line = 0, column = 0, codePointColumn = 0, utf16Column = 0;
  bool valid() const { return line > 0; }
};

/// A range of characters; `end` is the position just past the last character.
struct DiagRange {
  std::string file;
  DiagPosition begin, end;
};

struct DiagFix {
  DiagRange range;  // empty range: insert before range.begin
  std::string text;
};

struct DiagRecord {
  std::string id;       // exo: the ID of model/Diagnostics.def (err_race); Clang: clang-diagnostic-<flag>,
                        // else clang-diagnostic-<level>
  std::string level;    // error, warning, note, remark, fatal
  std::string flag;     // the warning's option ("-Wexo-unneeded-sync", "-Wunused-variable"), or ""
  std::string message;  // without the " [-W...]" suffix of the text format
  std::string file;     // empty: the diagnostic has no location (driver, command line)
  DiagPosition position;
  std::vector<DiagRange> ranges;
  std::vector<DiagFix> fixits;
  std::vector<DiagRecord> notes;  // the notes that followed it (notes never hold notes)
  bool exo = false;               // one of exo-cuda's own diagnostics
};

/// Turns Clang diagnostics into records; notes are attached to the diagnostic before them.
class DiagnosticRecorder {
public:
  /// The exo ID of the next custom diagnostic (set by the reporter that knows it, for
  /// messages that two IDs share); the text identifies the others.
  std::optional<model::DiagID> pendingExoId;

  void setLangOptions(const clang::LangOptions* lo) { langOpts_ = lo; }
  void record(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info);
  /// A diagnostic of the tool itself (no source location).
  void recordTool(model::DiagID id, const std::vector<std::string>& args);

  std::vector<DiagRecord> records;

private:
  const clang::LangOptions* langOpts_ = nullptr;
};

/// Fills in the %0, %1, ... of an exo message.
std::string formatExoMessage(model::DiagID id, const std::vector<std::string>& args);

enum class DiagFormat { Text, Json, Sarif };

struct DiagDocumentInfo {
  std::vector<std::string> inputs;  // as named on the command line
  std::string workingDirectory;     // absolute: relative file names are relative to it
};

/// The --format=json document: {"version": 1, "tool": ..., "inputs": [...], "diagnostics": [...]}.
std::string diagnosticsJson(const std::vector<DiagRecord>& diags, const DiagDocumentInfo& info);
/// A SARIF 2.1.0 log with one run; every exo diagnostic is a rule of the driver.
std::string diagnosticsSarif(const std::vector<DiagRecord>& diags, const DiagDocumentInfo& info);

/// "file:///a%20b/c.cpp" for an absolute path; relative paths are percent-encoded only.
std::string pathToUri(const std::string& path);

}  // namespace exo
