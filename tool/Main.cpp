// exo-cuda: checks annotated sequential C++ kernels and rewrites them into CUDA.
//
//   exo-cuda [options] <file>... [-- <compiler args>]
//
// Exit status: 0 clean, 1 diagnostics, 2 usage error. Outputs are written atomically
// (temporary file + rename) and only when every input is free of errors.
#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "annotations/ClangDiags.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "rewriter/CudaPrinter.h"
#include "tool/Driver.h"
#include "tool/Explanations.h"
#include "tool/Lsp.h"

extern "C" int exoAttributesLinked();

namespace cl = llvm::cl;

static cl::OptionCategory Category("exo-cuda options");
static cl::list<std::string> Inputs(cl::Positional, cl::desc("<file.exo.cpp>..."), cl::cat(Category));
static cl::opt<std::string> BuildPath("p", cl::desc("build directory holding compile_commands.json"),
                                      cl::value_desc("build-dir"), cl::cat(Category));
static cl::opt<std::string> Output("o", cl::desc("write the CUDA of the (single) input to <file.cu>"),
                                   cl::value_desc("file.cu"), cl::cat(Category));
static cl::opt<std::string> OutDir("out-dir", cl::desc("write <name>.cu for each input <name>.exo.cpp into <dir>"),
                                   cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> CheckOnly("check-only", cl::desc("check only; write nothing (pre-commit hooks, IDEs)"),
                               cl::cat(Category));
static cl::opt<std::string> ExportFixes("export-fixes",
                                        cl::desc("write the fix-its of all diagnostics to <file> (YAML, for "
                                                 "clang-apply-replacements)"),
                                        cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> DepsMD("MD",
                            cl::desc("write Make-style dependencies of each .cu (its input and every file the input "
                                     "includes) to -MF <file>, else to <output>.d"),
                            cl::cat(Category));
static cl::opt<bool> DepsMMD("MMD", cl::desc("as -MD, leaving out system headers"), cl::cat(Category));
static cl::opt<bool> DepsMP("MP",
                            cl::desc("with -MD/-MMD, also an empty rule for each included file (as GCC's -MP): "
                                     "deleting or renaming a header does not break the build"),
                            cl::cat(Category));
static cl::opt<bool> Lsp("lsp",
                         cl::desc("serve the Language Server Protocol on stdin/stdout: an editor's documents are "
                                  "checked on open and save, fix-its are code actions"),
                         cl::cat(Category));
static cl::opt<std::string> DepFile("MF", cl::desc("the dependency file of -MD/-MMD"), cl::value_desc("file"),
                                    cl::cat(Category));
static cl::opt<std::string> Header("header",
                                   cl::desc("write a header declaring each kernel's host launcher (in the kernel's "
                                            "namespace) to <file.h>"),
                                   cl::value_desc("file.h"), cl::cat(Category));
static cl::opt<bool> Summary("summary", cl::desc("print what was checked and where the CUDA went"),
                             cl::cat(Category));
static cl::opt<bool> DumpModel("dump-model",
                               cl::desc("print each kernel's model after thread mapping to stdout; write no CUDA"),
                               cl::cat(Category));
static cl::opt<exo::DiagFormat> Format(
    "format", cl::desc("how diagnostics are printed"), cl::init(exo::DiagFormat::Text),
    cl::values(clEnumValN(exo::DiagFormat::Text, "text", "clang-style text on standard error (default)"),
               clEnumValN(exo::DiagFormat::Json, "json", "one JSON document (IDs, flags, notes, fix-its)"),
               clEnumValN(exo::DiagFormat::Sarif, "sarif", "a SARIF 2.1.0 log (code scanning)")),
    cl::cat(Category));
static cl::opt<std::string> DiagnosticsOutput("diagnostics-output",
                                              cl::desc("write the --format=json/sarif document to <file> instead "
                                                       "of standard output"),
                                              cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> Explain("explain",
                                    cl::desc("print the explanation of diagnostic <id> (as printed by --format=json, "
                                             "or a warning flag) with examples, and exit"),
                                    cl::value_desc("id"), cl::cat(Category));
static cl::opt<bool> Stats("prover-stats", cl::desc("print prover statistics to stderr"), cl::cat(Category));
static cl::opt<uint64_t> MaxQueries("prover-max-queries",
                                    cl::desc("give up on a kernel after <n> solver queries (or 250 x <n> access "
                                             "pairs compared), with 'cannot prove'"),
                                    cl::value_desc("n"), cl::init(exo::checker::ProverLimits::kDefaultMaxQueries),
                                    cl::cat(Category));
static cl::opt<uint64_t> MaxWork("prover-max-work",
                                 cl::desc("give up on a kernel after its solver queries used <n> of Z3's resource "
                                          "units in all, with 'cannot prove' (a count, not seconds: about 10^8 a second)"),
                                 cl::value_desc("n"), cl::init(exo::checker::ProverLimits::kDefaultMaxWork),
                                 cl::cat(Category));
static cl::opt<double> TimeLimit("prover-time-limit",
                                  cl::desc("cut off a single solver question after <s> seconds (a decimal, above 0), "
                                           "with 'cannot prove' and a note (a guard against hanging: unlike the limits "
                                           "above it depends on the machine's speed)"),
                                  cl::value_desc("s"), cl::init(exo::checker::ProverLimits::kDefaultTimeLimitSeconds),
                                  cl::cat(Category));
static cl::opt<bool> SharedReads("check-shared-reads",
                                 cl::desc("prove that every read of a shared array sees a value written before it "
                                          "(default on; =false skips it for the index forms it cannot invert yet: XOR "
                                          "swizzles, selects, rotations, docs/prover.md limits)"),
                                 cl::init(true), cl::cat(Category));
// -W<warning> and -w are taken out of argv before LLVM's parser sees it (LLVM's own
// libraries register a "W" option); they are documented here.
static cl::extrahelp MoreHelp(R"(
WARNINGS:
  -W<warning>           as for Clang, after the build's own: -Werror,
                        -Wno-exo-unneeded-sync, -Werror=exo-unneeded-sync, ...
                        (exo warnings print their flag: [-Wexo-...])
  -w                    suppress all warnings

COMPILER ARGUMENTS:
  Include paths, defines and warning options come from the build's
  compile_commands.json: -p <build-dir>, else the first one found in the
  directory of the first input or its build/ subdirectory, then in each
  ancestor directory or its build/ subdirectory. Or give them
  after "--": exo-cuda k.exo.cpp -- -Iinclude -DTILE=32 (then no database is
  read). Sources are always parsed as C++17; '-fdiagnostics-format=' is
  ignored (use --format).

OUTPUT:
  Without -o or --out-dir the CUDA goes to standard output; diagnostics go to
  standard error. Files are written atomically, and only when no input has an
  error; no output may be an input or another output. -MD/-MMD write the
  dependencies (Make syntax) last, only when the .cu files are written.
  -MP adds an empty rule for each included file (as GCC's -MP).
  --format=json/sarif: one document with the diagnostics of all inputs goes to
  standard output (or --diagnostics-output), also when there are errors;
  each diagnostic carries its stable ID (see --explain), its -W flag, its
  notes and fix-its. Usage errors (exit 2) stay text on standard error.

EXIT STATUS:
  0  no errors (warnings allowed, unless -Werror)
  1  errors in an input (Clang's or exo's), or outputs refused or not written
  2  usage error (bad options, missing input file or directory, unreadable -p)
)");

namespace {

std::string outputName(const std::string& input) {
  llvm::StringRef name = llvm::sys::path::filename(input);
  if (name.ends_with(".exo.cpp")) name = name.drop_back(strlen(".exo.cpp"));
  else name = llvm::sys::path::stem(name);
  return name.str() + ".cu";
}

/// Where the CUDA of `input` goes: -o, --out-dir/<name>.cu, or "" for standard output.
std::string outputPath(const std::string& input) {
  if (!Output.empty()) return Output;
  if (!OutDir.empty()) return (llvm::Twine(OutDir) + "/" + outputName(input)).str();
  return "";
}

bool wantDeps() { return DepsMD || DepsMMD; }

/// Where -MD writes the dependencies of `input`'s output: -MF, or <output>.d.
std::string depFilePath(const std::string& input) {
  if (!DepFile.empty()) return DepFile;
  return outputPath(input) + ".d";
}

/// A path in a Make rule: spaces and '#' escaped with '\\', '$' doubled (as Clang does).
std::string makeEscaped(llvm::StringRef path) {
  std::string s;
  for (char ch : path) {
    if (ch == ' ' || ch == '#') s += '\\';
    if (ch == '$') s += '$';
    s += ch;
  }
  return s;
}

/// Writes via a temporary file in the same directory, then renames: never partial.
/// A symbolic link is followed (the link stays; its target gets the text), and a path
/// that exists but is no regular file (/dev/null, /dev/stdout, a FIFO) is written in
/// place: renaming over it replaced the node itself (review of the fifteenth session: as
/// root, `-o /dev/null` turned the device into a file).
bool writeAtomically(const std::string& given, const std::string& text) {
  llvm::sys::fs::file_status st;
  const bool exists = !llvm::sys::fs::status(given, st, /*follow=*/true) && llvm::sys::fs::exists(st);
  if (exists && llvm::sys::fs::is_directory(st)) {
    llvm::errs() << "exo-cuda: error: cannot write '" << given << "': it is a directory\n";
    return false;
  }
  if (exists && !llvm::sys::fs::is_regular_file(st)) {
    std::error_code ec;
    llvm::raw_fd_ostream os(given, ec, llvm::sys::fs::OF_None);
    if (!ec) {
      os << text;
      os.flush();
    }
    if (ec || os.has_error()) {
      os.clear_error();
      llvm::errs() << "exo-cuda: error: cannot write '" << given << "'\n";
      return false;
    }
    return true;
  }
  std::string path = given;
  bool link = false;
  if (!llvm::sys::fs::is_symlink_file(given, link) && link) {
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(given, real)) path = std::string(real);
  }
  llvm::SmallString<256> tmp;
  int fd;
  llvm::StringRef dir = llvm::sys::path::parent_path(path);
  llvm::SmallString<256> model(dir.empty() ? "." : dir);
  llvm::sys::path::append(model, ".exo-cuda-%%%%%%.tmp");
  if (llvm::sys::fs::createUniqueFile(model, fd, tmp)) {
    llvm::errs() << "exo-cuda: error: cannot create a file in '" << (dir.empty() ? "." : dir) << "'\n";
    return false;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    os.flush();
    if (os.has_error()) {
      os.clear_error();
      llvm::sys::fs::remove(tmp);
      llvm::errs() << "exo-cuda: error: cannot write '" << path << "'\n";
      return false;
    }
  }
  if (llvm::sys::fs::rename(tmp, path)) {
    llvm::sys::fs::remove(tmp);
    llvm::errs() << "exo-cuda: error: cannot write '" << path << "'\n";
    return false;
  }
  return true;
}

std::string findExoInclude(const char* argv0) {
  std::string exe = llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void*>(&findExoInclude));
  llvm::SmallString<256> p(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(p, "..", "include");
  llvm::SmallString<256> header(p);
  llvm::sys::path::append(header, "exo", "exo.hpp");
  if (llvm::sys::fs::exists(header)) return std::string(p);
  return EXO_INCLUDE_DIR;
}

/// Diagnostics of the tool itself (no source location), printed like Clang's driver
/// ("exo-cuda: error: ..."), or recorded for --format=json/sarif.
class ToolDiags {
public:
  explicit ToolDiags(exo::DiagnosticRecorder* recorder)
      : recorder_(recorder), printer_(llvm::errs(), opts_), engine_(clang::DiagnosticIDs::create(), opts_, &printer_, false) {
    printer_.setPrefix("exo-cuda");
  }
  void error(exo::model::DiagID id, const std::vector<std::string>& args) {
    if (recorder_) return recorder_->recordTool(id, args);
    auto b = engine_.Report(exo::clangDiagID(engine_, id));
    for (const std::string& a : args) b << a;
  }

private:
  exo::DiagnosticRecorder* recorder_;
  clang::DiagnosticOptions opts_;
  clang::TextDiagnosticPrinter printer_;
  clang::DiagnosticsEngine engine_;
};

/// A path for comparing outputs that may not exist yet: absolute, without "." and "..".
std::string canonicalPath(const std::string& path) {
  llvm::SmallString<256> p(path);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  llvm::SmallString<256> real;  // resolve symlinks where the file or its directory exists
  if (!llvm::sys::fs::real_path(p, real)) return std::string(real);
  llvm::StringRef dir = llvm::sys::path::parent_path(p);
  if (!llvm::sys::fs::real_path(dir, real)) {
    llvm::sys::path::append(real, llvm::sys::path::filename(p));
    return std::string(real);
  }
  return std::string(p);
}

/// No output may be an input or another output; reported before anything is written.
/// `diagnosticsOutputRefused`: --diagnostics-output is one of the refused paths.
bool checkOutputs(ToolDiags& diags, bool& diagnosticsOutputRefused) {
  struct Out {
    std::string path, what;
    bool diagnostics = false;
  };
  std::vector<Out> outs;
  if (!CheckOnly)
    for (const std::string& in : Inputs) {
      std::string out = outputPath(in);
      if (!out.empty()) outs.push_back({out, "the CUDA of '" + in + "'"});
    }
  if (!ExportFixes.empty()) outs.push_back({ExportFixes, "the fix-its ('--export-fixes')"});
  if (!Header.empty()) outs.push_back({Header, "the launcher header ('--header')"});
  if (!DiagnosticsOutput.empty())
    outs.push_back({DiagnosticsOutput, "the diagnostics ('--diagnostics-output')", /*diagnostics=*/true});
  if (wantDeps()) {
    if (!DepFile.empty())
      outs.push_back({DepFile, "the dependencies ('-MF')"});
    else
      for (const std::string& in : Inputs) outs.push_back({depFilePath(in), "the dependencies of '" + in + "' ('-MD')"});
  }
  bool ok = true;
  for (size_t i = 0; i < outs.size(); ++i) {
    std::string ci = canonicalPath(outs[i].path);
    bool isInput = false;
    for (const std::string& in : Inputs)
      if (!isInput && (llvm::sys::fs::equivalent(outs[i].path, in) || ci == canonicalPath(in))) {
        diags.error(exo::model::DiagID::err_output_is_input, {outs[i].what, outs[i].path, in});
        ok = false;
        isInput = true;
        diagnosticsOutputRefused |= outs[i].diagnostics;
      }
    if (isInput) continue;
    for (size_t j = 0; j < i; ++j)
      if (ci == canonicalPath(outs[j].path) || llvm::sys::fs::equivalent(outs[i].path, outs[j].path)) {
        bool twoKernels = j < Inputs.size() && i < Inputs.size() && !CheckOnly;
        diags.error(exo::model::DiagID::err_output_collision,
                    {outs[i].path, outs[j].what, outs[i].what,
                     twoKernels ? "give the inputs different names, or run exo-cuda once per input with '-o'"
                                : "choose different paths"});
        ok = false;
        diagnosticsOutputRefused |= outs[i].diagnostics || outs[j].diagnostics;
        break;
      }
  }
  return ok;
}

/// The compilation database for `source` when no -p or "--" is given: the first
/// compile_commands.json (or compile_flags.txt) in the source's directory or its
/// build/ subdirectory, then in each ancestor and its build/ (like clangd, which also
/// looks in build/).
std::unique_ptr<clang::tooling::CompilationDatabase> findDatabase(const std::string& source) {
  llvm::SmallString<256> abs(source);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  for (llvm::StringRef dir = llvm::sys::path::parent_path(abs); !dir.empty();
       dir = llvm::sys::path::parent_path(dir)) {
    for (const char* sub : {"", "build"}) {
      llvm::SmallString<256> candidate(dir);
      if (*sub) llvm::sys::path::append(candidate, sub);
      llvm::SmallString<256> json(candidate), flags(candidate);
      llvm::sys::path::append(json, "compile_commands.json");
      llvm::sys::path::append(flags, "compile_flags.txt");
      if (!llvm::sys::fs::exists(json) && !llvm::sys::fs::exists(flags)) continue;
      std::string error;
      if (auto db = clang::tooling::CompilationDatabase::loadFromDirectory(candidate, error)) return db;
    }
  }
  return nullptr;
}

/// --format=json/sarif: the document of every diagnostic, to --diagnostics-output (unless
/// that path was refused) or stdout.
bool emitDiagnostics(const std::vector<exo::DiagRecord>& diags, bool toStdout = false) {
  exo::DiagDocumentInfo info;
  for (const std::string& in : Inputs) info.inputs.push_back(in);
  llvm::SmallString<256> cwd;
  if (!llvm::sys::fs::current_path(cwd)) info.workingDirectory = std::string(cwd);
  std::string doc = Format == exo::DiagFormat::Json ? exo::diagnosticsJson(diags, info)
                                                    : exo::diagnosticsSarif(diags, info);
  if (!DiagnosticsOutput.empty() && !toStdout) return writeAtomically(DiagnosticsOutput, doc);
  llvm::outs() << doc;
  llvm::outs().flush();
  return true;
}

int usage(const std::string& msg) {
  llvm::errs() << "exo-cuda: error: " << msg << "\n";
  return 2;
}

/// --lsp: each document is checked with the compile flags of -p, or of "--", or of the
/// compilation database found for it (as for files on the command line).
int serveLsp(const char* argv0, bool sawDashDash, const std::vector<std::string>& extraArgs,
             const std::vector<std::string>& warningArgs) {
  if (!Inputs.empty()) return usage("'--lsp' checks the editor's documents; drop the input files");
  if (!Output.empty() || !OutDir.empty() || !ExportFixes.empty() || !Header.empty() || DepsMD || DepsMMD ||
      DumpModel || Format != exo::DiagFormat::Text || !DiagnosticsOutput.empty())
    return usage("'--lsp' writes nothing but protocol messages; drop the output options");
  std::unique_ptr<clang::tooling::CompilationDatabase> fixed;
  if (!BuildPath.empty()) {
    std::string error;
    fixed = clang::tooling::CompilationDatabase::loadFromDirectory(BuildPath, error);
    if (!fixed) return usage("cannot read a compilation database in '" + BuildPath + "': " + error);
    fixed = clang::tooling::inferMissingCompileCommands(std::move(fixed));
  } else if (sawDashDash) {
    fixed = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", extraArgs);
  }
  exo::DriverOptions opts;
  opts.checkOnly = true;
  opts.recordDiagnostics = true;
  opts.proverMaxQueries = MaxQueries;
  opts.proverMaxWork = MaxWork;
  opts.proverTimeLimit = TimeLimit;
  opts.checkSharedReads = SharedReads;
  opts.exoIncludeDir = findExoInclude(argv0);
  opts.clangResourceDir = EXO_CLANG_RESOURCE_DIR;
  opts.warningArgs = warningArgs;
  exo::LspChecker check = [&](const std::string& path, const std::string& text) {
    std::unique_ptr<clang::tooling::CompilationDatabase> found;
    const clang::tooling::CompilationDatabase* db = fixed.get();
    if (!db) {
      found = findDatabase(path);
      if (found) found = clang::tooling::inferMissingCompileCommands(std::move(found));
      else found = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", std::vector<std::string>{});
      db = found.get();
    }
    return exo::processFile(*db, path, opts, &text).diagnostics;
  };
  return exo::runLspServer(stdin, stdout, check);
}

}  // namespace

int main(int argc, const char** argv) {
  (void)exoAttributesLinked();
  // Split off "-- <compiler args>" (LibTooling convention).
  // Take out the warning options (-W..., -w) before "--"; they apply after the build's.
  std::vector<const char*> toolArgv{argv[0]};
  std::vector<std::string> extraArgs, warningArgs;
  bool sawDashDash = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef a(argv[i]);
    if (a == "--") {
      sawDashDash = true;
      for (int j = i + 1; j < argc; ++j) extraArgs.push_back(argv[j]);
      break;
    }
    bool isValue = i > 1 && llvm::is_contained({"-o", "-p", "--out-dir", "-out-dir", "--export-fixes", "-export-fixes", "-MF", "--MF",
                                               "--header", "-header",
                                               "--diagnostics-output", "-diagnostics-output", "--format", "-format",
                                               "--explain", "-explain"},
                                              llvm::StringRef(argv[i - 1]));
    if (!isValue && (a == "-w" || (a.starts_with("-W") && a.size() > 2))) warningArgs.push_back(a.str());
    else toolArgv.push_back(argv[i]);
  }
  int toolArgc = static_cast<int>(toolArgv.size());
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](llvm::raw_ostream& os) {
    os << "exo-cuda " << EXO_CUDA_VERSION << "\nbuilt with " << clang::getClangFullVersion() << "\n";
  });
  std::string errors;
  llvm::raw_string_ostream errStream(errors);
  if (!cl::ParseCommandLineOptions(toolArgc, toolArgv.data(),
                                   "exo-cuda: proves annotated sequential C++ kernels race-free and rewrites them "
                                   "into CUDA\n",
                                   &errStream)) {
    llvm::errs() << errors;
    return 2;
  }
  if (Explain.getNumOccurrences()) {
    if (!Inputs.empty()) return usage("'--explain' takes no input files");
    std::optional<exo::model::DiagID> id = exo::diagIdByName(Explain);
    if (!id) {
      std::string near = exo::closestDiagName(Explain);
      llvm::errs() << "exo-cuda: error: no diagnostic named '" << Explain << "'"
                   << (near.empty() ? "" : "; did you mean '" + near + "'?")
                   << " (the IDs are in README.md's diagnostics table and in --format=json output)\n";
      return 1;
    }
    llvm::outs() << exo::explainDiagnostic(*id);
    return 0;
  }
  if (!exo::checker::validTimeLimit(TimeLimit))
    return usage("'--prover-time-limit' takes seconds above 0 and at most 86400 (a day), e.g. '--prover-time-limit=0.5'");
  if (Lsp) return serveLsp(argv[0], sawDashDash, extraArgs, warningArgs);
  if (Inputs.empty()) return usage("no input files (usage: exo-cuda [options] <file>... [-- <compiler args>])");
  if (!Output.empty() && Inputs.size() != 1) return usage("'-o' needs exactly one input; use '--out-dir'");
  if (!Output.empty() && !OutDir.empty()) return usage("give '-o' or '--out-dir', not both");
  if (CheckOnly && (!Output.empty() || !OutDir.empty())) return usage("'--check-only' writes nothing; drop '-o'/'--out-dir'");
  if (DumpModel && (!Output.empty() || !OutDir.empty())) return usage("'--dump-model' writes no CUDA; drop '-o'/'--out-dir'");
  if (wantDeps() && Output.empty() && OutDir.empty())
    return usage("'-MD'/'-MMD' describe the written .cu; give '-o' or '--out-dir'");
  if (!DepFile.empty() && !wantDeps()) return usage("'-MF' needs '-MD' or '-MMD'");
  if (DepsMP && !wantDeps()) return usage("'-MP' needs '-MD' or '-MMD'");
  if (!Header.empty() && (CheckOnly || DumpModel))
    return usage("'--header' writes a file; drop '--check-only'/'--dump-model'");
  bool recordDiags = Format != exo::DiagFormat::Text;
  if (!DiagnosticsOutput.empty() && !recordDiags)
    return usage("'--diagnostics-output' holds a '--format=json' or '--format=sarif' document; give one of them");
  if (recordDiags && DiagnosticsOutput.empty() && (DumpModel || (!CheckOnly && Output.empty() && OutDir.empty())))
    return usage(std::string("'--format=") + (Format == exo::DiagFormat::Json ? "json" : "sarif") +
                 "' prints to standard output, where the " + (DumpModel ? "model" : "CUDA") +
                 " would go too; give '--diagnostics-output <file>'" + (DumpModel ? "" : ", '-o', '--out-dir' or '--check-only'"));
  for (const std::string& in : Inputs) {
    if (!llvm::sys::fs::exists(in)) return usage("no such file: '" + in + "'");
    // LibTooling reads '\' in a path as '/' (and would look for another file).
    if (in.find('\\') != std::string::npos)
      return usage("file name '" + in + "' contains '\\', which Clang's tooling reads as '/'; rename the file");
  }
  if (!OutDir.empty() && !llvm::sys::fs::is_directory(OutDir)) return usage("no such directory: '" + OutDir + "'");
  exo::DiagnosticRecorder toolRecorder;  // --format=json/sarif: the tool's own diagnostics
  {  // never overwrite an input, nor one output with another
    ToolDiags diags(recordDiags ? &toolRecorder : nullptr);
    bool diagnosticsOutputRefused = false;
    if (!checkOutputs(diags, diagnosticsOutputRefused)) {
      // Nothing else goes to stdout now: the document goes there if its own file is refused.
      if (recordDiags) emitDiagnostics(toolRecorder.records, diagnosticsOutputRefused);
      return 1;
    }
  }

  // Compilation database: -p, else "--" args, else one found beside or above the first
  // input, directly or in a build/ directory.
  std::string dbError;
  std::unique_ptr<clang::tooling::CompilationDatabase> db;
  if (!BuildPath.empty()) {
    db = clang::tooling::CompilationDatabase::loadFromDirectory(BuildPath, dbError);
    if (!db) return usage("cannot read a compilation database in '" + BuildPath + "': " + dbError);
    // Headers and new files missing from the database borrow the closest entry's flags.
    db = clang::tooling::inferMissingCompileCommands(std::move(db));
  } else if (sawDashDash) {
    db = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", extraArgs);
  } else {
    db = findDatabase(Inputs.front());
    if (db) db = clang::tooling::inferMissingCompileCommands(std::move(db));
    if (!db) db = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", std::vector<std::string>{});
  }

  exo::DriverOptions opts;
  opts.checkOnly = CheckOnly;
  opts.printStats = Stats;
  opts.dumpModel = DumpModel;
  opts.proverMaxQueries = MaxQueries;
  opts.proverMaxWork = MaxWork;
  opts.proverTimeLimit = TimeLimit;
  opts.checkSharedReads = SharedReads;
  opts.exoIncludeDir = findExoInclude(argv[0]);
  opts.clangResourceDir = EXO_CLANG_RESOURCE_DIR;
  opts.warningArgs = warningArgs;
  opts.dependencies = wantDeps();
  opts.systemDependencies = !DepsMMD || DepsMD;
  opts.header = !Header.empty();
  opts.recordDiagnostics = recordDiags;

  std::vector<std::pair<std::string, std::string>> outputs;  // path ("" = stdout), text
  std::map<std::string, std::string> depFiles;  // -MD: path -> its rules, in input order
  std::vector<std::string> headerSources;
  std::string headerDecls;
  bool allOk = true;
  std::vector<exo::DiagRecord> diagnostics = std::move(toolRecorder.records);
  clang::tooling::TranslationUnitReplacements fixes;
  fixes.MainSourceFile = Inputs.front();
  for (const std::string& in : Inputs) {
    exo::FileResult r = exo::processFile(*db, in, opts);
    allOk &= r.ok;
    if (DumpModel) llvm::outs() << r.model;
    for (exo::DiagRecord& d : r.diagnostics) diagnostics.push_back(std::move(d));
    fixes.Replacements.insert(fixes.Replacements.end(), r.fixes.begin(), r.fixes.end());
    if (!r.ok) continue;
    if (Summary)
      for (const std::string& line : r.summary) llvm::errs() << "exo-cuda: " << in << ": " << line << "\n";
    if (CheckOnly || DumpModel) continue;
    std::string path = outputPath(in);
    outputs.push_back({path, r.cuda});
    if (wantDeps()) {  // "<output>: <input> <headers>...", one dependency a line
      std::string& rules = depFiles[depFilePath(in)];
      rules += makeEscaped(path) + ":";
      for (const std::string& dep : r.dependencies) rules += " \\\n  " + makeEscaped(dep);
      rules += "\n";
      if (DepsMP)  // "<header>:" for each included file (not the input), like GCC's -MP
        for (size_t i = 1; i < r.dependencies.size(); ++i) rules += "\n" + makeEscaped(r.dependencies[i]) + ":\n";
    }
    if (!Header.empty()) {
      llvm::SmallString<256> name(in);
      llvm::sys::path::remove_dots(name, /*remove_dot_dot=*/false);
      headerSources.push_back(std::string(name));
      headerDecls += r.header;
    }
  }
  if (recordDiags && !emitDiagnostics(diagnostics)) return 1;
  if (!ExportFixes.empty()) {
    std::string yaml;
    llvm::raw_string_ostream os(yaml);
    llvm::yaml::Output out(os);
    out << fixes;
    if (!writeAtomically(ExportFixes, yaml)) return 1;
  }
  if (!allOk) return 1;
  for (auto& [path, text] : outputs) {
    if (path.empty()) {
      llvm::outs() << text;
    } else if (!writeAtomically(path, text)) {
      return 1;
    } else if (Summary) {
      llvm::errs() << "exo-cuda: wrote " << path << "\n";
    }
  }
  if (!Header.empty()) {
    if (!writeAtomically(Header, exo::rewriter::printHeader(headerSources, headerDecls))) return 1;
    if (Summary) llvm::errs() << "exo-cuda: wrote " << Header << "\n";
  }
  // Last: a dependency file exists only next to the outputs it describes.
  for (auto& [path, rules] : depFiles)
    if (!writeAtomically(path, rules)) return 1;
  return 0;
}
