// exo-cuda: checks annotated sequential C++ kernels and rewrites them into CUDA.
//
//   exo-cuda [options] <file>... [-- <compiler args>]
//
// Exit status: 0 clean, 1 diagnostics, 2 usage error. Outputs are written atomically
// (temporary file + rename) and only when every input is free of errors.
#include <cstring>
#include <memory>
#include <string>

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "tool/Driver.h"

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
static cl::opt<bool> Summary("summary", cl::desc("print what was checked and where the CUDA went"),
                             cl::cat(Category));
static cl::opt<bool> DumpModel("dump-model",
                               cl::desc("print each kernel's model after thread mapping to stdout; write no CUDA"),
                               cl::cat(Category));
static cl::opt<bool> Stats("prover-stats", cl::desc("print prover statistics to stderr"), cl::cat(Category));
static cl::opt<uint64_t> MaxQueries("prover-max-queries",
                                    cl::desc("give up on a kernel after <n> solver queries (or 250 x <n> access "
                                             "pairs compared), with 'cannot prove'"),
                                    cl::value_desc("n"), cl::init(exo::checker::ProverLimits::kDefaultMaxQueries),
                                    cl::cat(Category));

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

/// Writes via a temporary file in the same directory, then renames: never partial.
bool writeAtomically(const std::string& path, const std::string& text) {
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

int usage(const std::string& msg) {
  llvm::errs() << "exo-cuda: error: " << msg << "\n";
  return 2;
}

}  // namespace

int main(int argc, const char** argv) {
  (void)exoAttributesLinked();
  // Split off "-- <compiler args>" (LibTooling convention).
  int toolArgc = argc;
  std::vector<std::string> extraArgs;
  bool sawDashDash = false;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--") {
      toolArgc = i;
      sawDashDash = true;
      for (int j = i + 1; j < argc; ++j) extraArgs.push_back(argv[j]);
      break;
    }
  cl::HideUnrelatedOptions(Category);
  std::string errors;
  llvm::raw_string_ostream errStream(errors);
  if (!cl::ParseCommandLineOptions(toolArgc, argv,
                                   "exo-cuda: proves annotated sequential C++ kernels race-free and rewrites them "
                                   "into CUDA\n",
                                   &errStream)) {
    llvm::errs() << errors;
    return 2;
  }
  if (Inputs.empty()) return usage("no input files (usage: exo-cuda [options] <file>... [-- <compiler args>])");
  if (!Output.empty() && Inputs.size() != 1) return usage("'-o' needs exactly one input; use '--out-dir'");
  if (!Output.empty() && !OutDir.empty()) return usage("give '-o' or '--out-dir', not both");
  if (CheckOnly && (!Output.empty() || !OutDir.empty())) return usage("'--check-only' writes nothing; drop '-o'/'--out-dir'");
  if (DumpModel && (!Output.empty() || !OutDir.empty())) return usage("'--dump-model' writes no CUDA; drop '-o'/'--out-dir'");
  for (const std::string& in : Inputs)
    if (!llvm::sys::fs::exists(in)) return usage("no such file: '" + in + "'");
  if (!OutDir.empty() && !llvm::sys::fs::is_directory(OutDir)) return usage("no such directory: '" + OutDir + "'");
  for (const std::string& in : Inputs) {  // never overwrite an input
    std::string out = outputPath(in);
    if (!out.empty() && llvm::sys::fs::equivalent(out, in)) return usage("output '" + out + "' is the input '" + in + "'");
  }

  // Compilation database: -p, else "--" args, else one found above the first input.
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
    db = clang::tooling::CompilationDatabase::autoDetectFromSource(Inputs.front(), dbError);
    if (db) db = clang::tooling::inferMissingCompileCommands(std::move(db));
    if (!db) db = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", std::vector<std::string>{});
  }

  exo::DriverOptions opts;
  opts.checkOnly = CheckOnly;
  opts.printStats = Stats;
  opts.dumpModel = DumpModel;
  opts.proverMaxQueries = MaxQueries;
  opts.exoIncludeDir = findExoInclude(argv[0]);
  opts.clangResourceDir = EXO_CLANG_RESOURCE_DIR;

  std::vector<std::pair<std::string, std::string>> outputs;  // path ("" = stdout), text
  bool allOk = true;
  clang::tooling::TranslationUnitReplacements fixes;
  fixes.MainSourceFile = Inputs.front();
  for (const std::string& in : Inputs) {
    exo::FileResult r = exo::processFile(*db, in, opts);
    allOk &= r.ok;
    if (DumpModel) llvm::outs() << r.model;
    fixes.Replacements.insert(fixes.Replacements.end(), r.fixes.begin(), r.fixes.end());
    if (!r.ok) continue;
    if (Summary)
      for (const std::string& line : r.summary) llvm::errs() << "exo-cuda: " << in << ": " << line << "\n";
    if (CheckOnly || DumpModel) continue;
    std::string path = outputPath(in);
    outputs.push_back({path, r.cuda});
  }
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
  return 0;
}
