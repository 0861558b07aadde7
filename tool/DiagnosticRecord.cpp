#include "tool/DiagnosticRecord.h"

#include <map>

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "tool/Explanations.h"

namespace exo {
namespace {

namespace c = clang;
namespace json = llvm::json;

/// The exo diagnostics by their text as Clang knows it (annotations/ClangDiags: a
/// warning's text ends with its flag, plain or promoted by -Werror). The first ID of a
/// text wins; the reporter names the ID where two share one (pendingExoId).
const std::map<std::string, model::DiagID>& exoIdsByText() {
  static const std::map<std::string, model::DiagID> table = [] {
    std::map<std::string, model::DiagID> t;
    auto add = [&t](model::DiagID id) {
      std::string text = model::diagText(id), flag = model::diagFlag(id);
      t.emplace(text, id);
      if (!flag.empty()) {
        t.emplace(text + " [-W" + flag + "]", id);
        t.emplace(text + " [-Werror,-W" + flag + "]", id);
      }
    };
#define DIAG(ID, LEVEL, TEXT) add(model::DiagID::ID);
#include "model/Diagnostics.def"
#undef DIAG
    return t;
  }();
  return table;
}

const char* levelName(c::DiagnosticsEngine::Level level) {
  switch (level) {
    case c::DiagnosticsEngine::Fatal: return "fatal";
    case c::DiagnosticsEngine::Error: return "error";
    case c::DiagnosticsEngine::Warning: return "warning";
    case c::DiagnosticsEngine::Remark: return "remark";
    case c::DiagnosticsEngine::Note: return "note";
    case c::DiagnosticsEngine::Ignored: break;
  }
  return "ignored";
}

/// Code points and UTF-16 units in the `bytes` first bytes of a line (malformed UTF-8:
/// one per byte that is not a continuation byte).
void countUnits(llvm::StringRef prefix, unsigned& codePoints, unsigned& utf16) {
  codePoints = utf16 = 0;
  for (unsigned char ch : prefix) {
    if ((ch & 0xC0) == 0x80) continue;
    ++codePoints;
    utf16 += ch >= 0xF0 ? 2 : 1;  // four-byte sequences are surrogate pairs
  }
}

/// The file name (as Clang prints it, #line respected) and position of a file location.
bool position(const c::SourceManager& sm, c::SourceLocation loc, std::string& file, DiagPosition& pos) {
  if (loc.isInvalid()) return false;
  loc = sm.getExpansionLoc(loc);
  c::PresumedLoc p = sm.getPresumedLoc(loc);
  if (p.isInvalid()) return false;
  // Clang names a file relative to the compile command's directory (an include path
  // from compile_commands.json): make it absolute, so that it means the same to a
  // reader in any directory (SARIF's %SRCROOT%, an editor).
  llvm::SmallString<256> name(p.getFilename());
  if (!llvm::sys::path::is_absolute(name) && !name.starts_with("<")) {  // not <built-in>, <stdin>
    sm.getFileManager().makeAbsolutePath(name);
    llvm::sys::path::remove_dots(name, /*remove_dot_dot=*/true);
  }
  file = std::string(name);
  pos.line = p.getLine();
  pos.column = p.getColumn();
  pos.codePointColumn = pos.utf16Column = pos.column;
  auto [fid, offset] = sm.getDecomposedLoc(loc);
  bool invalid = false;
  llvm::StringRef buffer = sm.getBufferData(fid, &invalid);
  if (!invalid && offset <= buffer.size()) {
    unsigned col = sm.getColumnNumber(fid, offset, &invalid);
    if (!invalid && col >= 1 && col - 1 <= offset) {
      unsigned cp, u16;
      countUnits(buffer.substr(offset - (col - 1), col - 1), cp, u16);
      pos.codePointColumn = cp + 1;
      pos.utf16Column = u16 + 1;
    }
  }
  return true;
}

bool range(const c::SourceManager& sm, const c::LangOptions& lo, c::CharSourceRange r, DiagRange& out) {
  c::CharSourceRange fr = c::Lexer::makeFileCharRange(r, sm, lo);
  if (fr.isInvalid()) return false;
  std::string endFile;
  return position(sm, fr.getBegin(), out.file, out.begin) && position(sm, fr.getEnd(), endFile, out.end) &&
         endFile == out.file;
}

std::string stripFlagSuffix(const std::string& message, const std::string& flag) {
  for (std::string suffix : {" [-W" + flag + "]", " [-Werror,-W" + flag + "]"})
    if (llvm::StringRef(message).ends_with(suffix)) return message.substr(0, message.size() - suffix.size());
  return message;
}

}  // namespace

std::string formatExoMessage(model::DiagID id, const std::vector<std::string>& args) {
  std::string out;
  llvm::StringRef text = model::diagText(id);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9') {
      size_t n = text[i + 1] - '0';
      if (n < args.size()) out += args[n];
      ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

void DiagnosticRecorder::record(c::DiagnosticsEngine::Level level, const c::Diagnostic& info) {
  std::optional<model::DiagID> pending = pendingExoId;
  pendingExoId.reset();
  if (level == c::DiagnosticsEngine::Ignored) return;
  DiagRecord r;
  r.level = levelName(level);
  llvm::SmallString<256> msg;
  info.FormatDiagnostic(msg);
  r.message = std::string(msg);
  unsigned id = info.getID();
  c::DiagnosticIDs& ids = *info.getDiags()->getDiagnosticIDs();
  if (c::DiagnosticIDs::IsCustomDiag(id)) {
    auto it = exoIdsByText().find(std::string(ids.getDescription(id)));
    if (pending) r.exo = true, r.id = model::diagName(*pending);
    else if (it != exoIdsByText().end()) r.exo = true, r.id = model::diagName(it->second);
    if (r.exo) {
      std::string flag = model::diagFlag(pending ? *pending : it->second);
      if (!flag.empty()) {
        r.flag = "-W" + flag;
        r.message = stripFlagSuffix(r.message, flag);
      }
    }
  }
  if (!r.exo) {
    std::string option(ids.getWarningOptionForDiag(id));
    if (!option.empty()) r.flag = "-W" + option;
    r.id = "clang-diagnostic-" + (option.empty() ? std::string(level == c::DiagnosticsEngine::Fatal ? "error" : r.level)
                                                 : option);
  }
  if (info.hasSourceManager()) {
    const c::SourceManager& sm = info.getSourceManager();
    c::LangOptions defaults;
    const c::LangOptions& lo = langOpts_ ? *langOpts_ : defaults;
    position(sm, info.getLocation(), r.file, r.position);
    for (const c::CharSourceRange& cr : info.getRanges()) {
      DiagRange dr;
      if (range(sm, lo, cr, dr)) r.ranges.push_back(dr);
    }
    for (const c::FixItHint& h : info.getFixItHints()) {
      DiagFix f;
      if (h.RemoveRange.isInvalid() || !range(sm, lo, h.RemoveRange, f.range)) continue;
      f.text = h.CodeToInsert;
      r.fixits.push_back(f);
    }
  }
  if (level == c::DiagnosticsEngine::Note && !records.empty()) records.back().notes.push_back(std::move(r));
  else records.push_back(std::move(r));
}

void DiagnosticRecorder::recordTool(model::DiagID id, const std::vector<std::string>& args) {
  DiagRecord r;
  r.exo = true;
  r.id = model::diagName(id);
  r.level = model::diagLevel(id) == model::DiagLevel::Error     ? "error"
            : model::diagLevel(id) == model::DiagLevel::Warning ? "warning"
                                                                : "note";
  if (*model::diagFlag(id)) r.flag = std::string("-W") + model::diagFlag(id);
  r.message = formatExoMessage(id, args);
  if (r.level == "note" && !records.empty()) records.back().notes.push_back(std::move(r));
  else records.push_back(std::move(r));
}

// --- --format=json

namespace {

json::Object positionJson(const DiagPosition& p) {
  return json::Object{{"line", p.line}, {"column", p.column}};
}

json::Object rangeJson(const DiagRange& r) {
  return json::Object{{"file", r.file}, {"start", positionJson(r.begin)}, {"end", positionJson(r.end)}};
}

json::Object recordJson(const DiagRecord& r) {
  json::Object o{{"id", r.id}, {"level", r.level}, {"message", r.message}};
  o["flag"] = r.flag.empty() ? json::Value(nullptr) : json::Value(r.flag);
  if (!r.file.empty()) o["location"] = json::Object{{"file", r.file}, {"line", r.position.line}, {"column", r.position.column}};
  json::Array ranges, fixits, notes;
  for (const DiagRange& dr : r.ranges) ranges.push_back(rangeJson(dr));
  for (const DiagFix& f : r.fixits) {
    json::Object fo = rangeJson(f.range);
    fo["text"] = f.text;
    fixits.push_back(std::move(fo));
  }
  for (const DiagRecord& n : r.notes) notes.push_back(recordJson(n));
  o["ranges"] = std::move(ranges);
  o["fixits"] = std::move(fixits);
  if (r.level != "note") o["notes"] = std::move(notes);
  return o;
}

json::Object toolJson() {
  return json::Object{{"name", "exo-cuda"}, {"version", EXO_CUDA_VERSION}, {"clang", c::getClangFullVersion()}};
}

}  // namespace

std::string diagnosticsJson(const std::vector<DiagRecord>& diags, const DiagDocumentInfo& info) {
  json::Array list, inputs;
  unsigned errors = 0, warnings = 0;
  for (const DiagRecord& r : diags) {
    list.push_back(recordJson(r));
    errors += r.level == "error" || r.level == "fatal";
    warnings += r.level == "warning";
  }
  for (const std::string& in : info.inputs) inputs.push_back(in);
  json::Value doc = json::Object{{"version", 1},
                                 {"tool", toolJson()},
                                 {"inputs", std::move(inputs)},
                                 {"errors", errors},
                                 {"warnings", warnings},
                                 {"diagnostics", std::move(list)}};
  return llvm::formatv("{0:2}\n", doc).str();
}

// --- --format=sarif (SARIF 2.1.0, OASIS standard)

std::string pathToUri(const std::string& path) {
  std::string out = llvm::sys::path::is_absolute(path) ? "file://" : "";
  for (unsigned char ch : path) {
    if (llvm::isAlnum(ch) || ch == '-' || ch == '.' || ch == '_' || ch == '~' || ch == '/') out += ch;
    else out += {'%', llvm::hexdigit(ch >> 4), llvm::hexdigit(ch & 15)};
  }
  return out;
}

namespace {

constexpr const char* kSrcRoot = "%SRCROOT%";

/// Files under the working directory (and relative names) are relative to %SRCROOT%
/// (run.originalUriBaseIds: the working directory), as code scanning expects; others
/// are absolute file: URIs.
json::Object artifactLocation(const std::string& file, const std::string& root) {
  llvm::StringRef f(file);
  if (llvm::sys::path::is_absolute(f)) {
    if (root.empty() || !f.consume_front(root)) return json::Object{{"uri", pathToUri(file)}};
  }
  llvm::SmallString<256> rel(f);
  llvm::sys::path::remove_dots(rel, /*remove_dot_dot=*/false);
  return json::Object{{"uri", pathToUri(std::string(rel))}, {"uriBaseId", kSrcRoot}};
}

/// A SARIF region: columns in code points (run.columnKind), end column exclusive.
json::Object region(const DiagPosition& b, const DiagPosition* e) {
  json::Object r{{"startLine", b.line}, {"startColumn", b.codePointColumn}};
  if (e && e->valid()) {
    r["endLine"] = e->line;
    r["endColumn"] = e->codePointColumn;
  }
  return r;
}

json::Object physicalLocation(const DiagRecord& r, const std::string& root) {
  const DiagPosition* end = nullptr;
  for (const DiagRange& dr : r.ranges)  // the first range that starts at the location: the region's extent
    if (dr.file == r.file && dr.begin.line == r.position.line && dr.begin.column == r.position.column) {
      end = &dr.end;
      break;
    }
  return json::Object{{"artifactLocation", artifactLocation(r.file, root)}, {"region", region(r.position, end)}};
}

const char* sarifLevel(const std::string& level) {
  if (level == "error" || level == "fatal") return "error";
  if (level == "warning") return "warning";
  return "note";
}

json::Object fixJson(const std::string& description, const DiagFix& f, const std::string& root) {
  json::Object replacement{{"deletedRegion", region(f.range.begin, &f.range.end)}};
  replacement["insertedContent"] = json::Object{{"text", f.text}};
  json::Object change{{"artifactLocation", artifactLocation(f.range.file, root)},
                      {"replacements", json::Array{std::move(replacement)}}};
  return json::Object{{"description", json::Object{{"text", description}}},
                      {"artifactChanges", json::Array{std::move(change)}}};
}

json::Object exoRule(model::DiagID id) {
  json::Object rule{{"id", model::diagName(id)},
                    {"shortDescription", json::Object{{"text", model::diagText(id)}}},
                    {"fullDescription", json::Object{{"text", explanationSummary(id)}}},
                    {"help", json::Object{{"text", explanationText(id)}}},
                    {"defaultConfiguration", json::Object{{"level", model::diagLevel(id) == model::DiagLevel::Error
                                                                        ? "error"
                                                                        : "warning"}}}};
  if (*model::diagFlag(id)) rule["properties"] = json::Object{{"flag", std::string("-W") + model::diagFlag(id)}};
  return rule;
}

}  // namespace

std::string diagnosticsSarif(const std::vector<DiagRecord>& diags, const DiagDocumentInfo& info) {
  // Rules: every exo error and warning (notes are never results: a result's notes are
  // its relatedLocations), then each Clang diagnostic ID met.
  json::Array rules;
  std::map<std::string, unsigned> ruleIndex;
  auto addRule = [&](model::DiagID id) {
    if (model::diagLevel(id) == model::DiagLevel::Note) return;
    ruleIndex[model::diagName(id)] = static_cast<unsigned>(rules.size());
    rules.push_back(exoRule(id));
  };
#define DIAG(ID, LEVEL, TEXT) addRule(model::DiagID::ID);
#include "model/Diagnostics.def"
#undef DIAG
  std::string root = info.workingDirectory;  // "/dir/": the prefix of the files relative to %SRCROOT%
  if (!root.empty() && root.back() != '/') root += '/';
  json::Array results;
  for (const DiagRecord& r : diags) {
    auto [it, added] = ruleIndex.emplace(r.id, static_cast<unsigned>(rules.size()));
    if (added) {
      json::Object rule{{"id", r.id}, {"shortDescription", json::Object{{"text", "a diagnostic of Clang"}}}};
      if (!r.flag.empty()) rule["properties"] = json::Object{{"flag", r.flag}};
      rules.push_back(std::move(rule));
    }
    json::Object res{{"ruleId", r.id},
                     {"ruleIndex", it->second},
                     {"level", sarifLevel(r.level)},
                     {"message", json::Object{{"text", r.message}}}};
    if (!r.file.empty()) res["locations"] = json::Array{json::Object{{"physicalLocation", physicalLocation(r, root)}}};
    json::Array related, fixes;
    for (const DiagFix& f : r.fixits) fixes.push_back(fixJson(r.message, f, root));
    unsigned relatedId = 0;
    for (const DiagRecord& n : r.notes) {
      json::Object loc{{"id", relatedId++}, {"message", json::Object{{"text", n.message}}}};
      if (!n.file.empty()) loc["physicalLocation"] = physicalLocation(n, root);
      related.push_back(std::move(loc));
      for (const DiagFix& f : n.fixits) fixes.push_back(fixJson(n.message, f, root));
    }
    if (!related.empty()) res["relatedLocations"] = std::move(related);
    if (!fixes.empty()) res["fixes"] = std::move(fixes);
    json::Object props;
    if (!r.flag.empty()) props["flag"] = r.flag;
    json::Array noteIds;
    for (const DiagRecord& n : r.notes) noteIds.push_back(n.id);
    if (!noteIds.empty()) props["notes"] = std::move(noteIds);
    if (!props.empty()) res["properties"] = std::move(props);
    results.push_back(std::move(res));
  }
  json::Object driver{{"name", "exo-cuda"},
                      {"version", EXO_CUDA_VERSION},
                      {"semanticVersion", EXO_CUDA_VERSION},
                      {"fullName", std::string("exo-cuda ") + EXO_CUDA_VERSION + " (" + c::getClangFullVersion() + ")"},
                      {"rules", std::move(rules)}};
  json::Object run{{"tool", json::Object{{"driver", std::move(driver)}}},
                   {"originalUriBaseIds", json::Object{{kSrcRoot, json::Object{{"uri", pathToUri(root.empty() ? "/" : root)}}}}},
                   {"columnKind", "unicodeCodePoints"},
                   {"results", std::move(results)}};
  json::Array artifacts;
  for (const std::string& in : info.inputs)
    artifacts.push_back(json::Object{{"location", artifactLocation(in, root)}, {"roles", json::Array{"analysisTarget"}}});
  run["artifacts"] = std::move(artifacts);
  json::Value doc = json::Object{
      {"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(run)}}};
  return llvm::formatv("{0:2}\n", doc).str();
}

}  // namespace exo
