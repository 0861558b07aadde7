// The exo-cuda pipeline for one source file: parse -> model -> check -> rewrite.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checker/Prover.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Core/Replacement.h"
#include "tool/DiagnosticRecord.h"

namespace exo {

struct DriverOptions {
  bool checkOnly = false;
  bool printStats = false;           // --prover-stats: prover timings to stderr
  bool dumpModel = false;            // --dump-model: FileResult::model after thread mapping
  uint64_t proverMaxQueries = checker::ProverLimits::kDefaultMaxQueries;  // --prover-max-queries
  uint64_t proverMaxWork = checker::ProverLimits::kDefaultMaxWork;        // --prover-max-work
  double proverTimeLimit = checker::ProverLimits::kDefaultTimeLimitSeconds;  // --prover-time-limit
  bool checkSharedReads = true;                                             // --check-shared-reads
  std::string exoIncludeDir;         // where exo/exo.hpp lives
  std::string clangResourceDir;      // clang 22's resource headers
  std::vector<std::string> warningArgs;  // -W..., -w from exo-cuda's own command line (after the database's)
  bool dependencies = false;         // -MD/-MMD: FileResult::dependencies
  bool systemDependencies = true;    // -MD lists system headers too, -MMD does not
  bool header = false;               // --header: FileResult::header
  bool recordDiagnostics = false;    // --format=json/sarif: FileResult::diagnostics instead of text on stderr
};


struct FileResult {
  std::string sourceName; // the input as named on the command line
  bool ok = false;        // no errors
  std::string cuda;       // generated CUDA (empty when checkOnly or !ok)
  std::vector<std::string> summary;  // one line per kernel: what was checked, how it maps
  std::string model;      // --dump-model: each mapped kernel's model (model/ModelPrinter)
  std::vector<clang::tooling::Replacement> fixes;  // fix-its of the diagnostics, for --export-fixes
  std::vector<std::string> dependencies;  // -MD: the input and every file it includes, absolute, in order
  std::string header;     // --header: the launcher declarations of this input's kernels
  std::vector<DiagRecord> diagnostics;  // recordDiagnostics: every diagnostic, Clang's and exo's
};

/// Runs the pipeline on one file; diagnostics go to stderr, clang-style (or into
/// FileResult::diagnostics). `contents`: the file's text, used instead of what is on
/// disk (the fuzzer's and an editor's unsaved buffers; the file need not exist).
FileResult processFile(const clang::tooling::CompilationDatabase& db, const std::string& file,
                       const DriverOptions& opts, const std::string* contents = nullptr);

}  // namespace exo
